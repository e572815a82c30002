package shop.app;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.Test;

public class GreetingTest {

    @Test
    public void greetsTheWorld() throws Exception {
        String actual = Files.readString(Path.of("greeting.txt")).strip();
        if (!actual.equals("Hello, world!")) {
            // AssertJ's shape (isEqualTo): the message starts with a line break and spans lines.
            throw new AssertionError("\nExpecting actual:\n  \"" + actual.replace("\n", "\\n") + "\"\n"
                    + "to be equal to:\n  \"Hello, world!\"\n"
                    + "when comparing values using the fifth line of this message");
        }
    }
}
