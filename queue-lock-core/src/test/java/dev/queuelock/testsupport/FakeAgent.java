package dev.queuelock.testsupport;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** A stand-in for a Claude Code agent process: the system's {@code sleep}, under the name {@code claude}. */
public final class FakeAgent {

    private FakeAgent() {
    }

    /**
     * Copies {@code sleep} to {@code dir/claude} and returns it. Copied, not linked: the kernel (and
     * so {@code ps}, {@code lsof} and {@code ProcessHandle}) names a process after the file it runs.
     */
    public static Path program(Path dir) throws IOException {
        Path sleep = Stream.of("/usr/bin/sleep", "/bin/sleep").map(Path::of).filter(Files::isExecutable).findFirst()
                .orElseThrow(() -> new IllegalStateException("no sleep in /usr/bin or /bin"));
        Path claude = Files.createDirectories(dir).resolve("claude");
        Files.copy(sleep, claude);
        claude.toFile().setExecutable(true);
        return claude;
    }
}
