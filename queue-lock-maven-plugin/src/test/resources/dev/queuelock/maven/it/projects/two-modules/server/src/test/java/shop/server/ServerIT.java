package shop.server;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.Test;

public class ServerIT {

    @Test
    public void answersOk() throws Exception {
        String actual = Files.readString(Path.of("status.txt")).strip();
        if (!actual.equals("200")) {
            // AssertJ's shape (contains): the message starts with a line break and spans lines.
            throw new AssertionError("\nExpecting actual:\n  \"" + actual.replace("\n", "\\n") + "\"\n"
                    + "to contain:\n  \"200\"\n"
                    + "but could not find:\n  \"200\"\n");
        }
    }
}
