package dev.queuelock.maven.it;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/** Small executable scripts for a land's check command or a notify command, written into a test's own directory. */
final class CheckScripts {

    private CheckScripts() {
    }

    /** {@code dir/name}: {@code #!/bin/sh} and {@code body}, executable. */
    static Path write(Path dir, String name, String body) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, "#!/bin/sh\n" + body, StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
        return file;
    }

    /** A check that fails as surefire's summary says one test failed: {@code GreetingTest.greetsTheWorld}. */
    static Path failingTest(Path dir) throws IOException {
        return write(dir, "failing-test.sh", "echo '[ERROR] Failures: '\n"
                + "echo '[ERROR]   GreetingTest.greetsTheWorld:14 expected: <Hello> but was: <Bye>'\n"
                + "echo '[ERROR] Tests run: 1, Failures: 1, Errors: 0, Skipped: 0'\nexit 1\n");
    }
}
