package dev.queuelock.build.slots;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * A child JVM recording builds into a usage history, for tests of many processes appending at
 * once: {@code <history file> <first build number> <builds> <go file>}. Says it is ready (the file
 * {@code <go file>.ready.<first>}) and waits for the go file, so every child appends at the same
 * moment, then records its builds and exits 0 if each was recorded.
 */
public final class UsageAppender {

    private UsageAppender() {
    }

    public static void main(String[] args) throws Exception {
        UsageHistory history = new UsageHistory(Path.of(args[0]));
        int first = Integer.parseInt(args[1]);
        int count = Integer.parseInt(args[2]);
        Path go = Path.of(args[3]);
        Files.createFile(go.resolveSibling(go.getFileName() + ".ready." + first));
        while (!Files.exists(go)) {
            Thread.onSpinWait();
        }
        for (int i = first; i < first + count; i++) {
            if (!history.record(build(i))) {
                System.exit(1);
            }
        }
    }

    /** Build {@code i}: its number in its start, its process in its pid, a lane long enough to make lines of about 250 bytes. */
    static BuildUsage build(int i) {
        return BuildUsage.described(1_780_000_000_000L + i * 100_000L, Duration.ofSeconds(60), 1.5, 1L << 30)
                .heldBy("agent/a-lane-whose-name-is-long-enough-to-fill-the-history-faster-than-most-" + i, ProcessHandle.current().pid(), 1234);
    }
}
