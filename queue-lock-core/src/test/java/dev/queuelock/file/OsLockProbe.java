package dev.queuelock.file;

import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A second process for the OS-lock tests (locks are per process, so one JVM cannot test them
 * alone).
 *
 * <pre>
 * OsLockProbe probe FILE          prints "held" if another process OS-locks FILE, else "free"
 * OsLockProbe own FILE SIGNALS    publishes FILE OS-locked, creates SIGNALS/1; once SIGNALS/go
 *                                 exists, deletes FILE and publishes it anew (a new inode, locked),
 *                                 drops the old one, creates SIGNALS/2; then waits to be killed
 * </pre>
 */
public final class OsLockProbe {

    private OsLockProbe() {
    }

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[1]);
        if (args[0].equals("probe")) {
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
                FileLock lock = channel.tryLock(0, Long.MAX_VALUE, true);
                System.out.println(lock == null ? "held" : "free");
            }
            return;
        }
        Path signals = Path.of(args[2]);
        HeldFile first = publish(file);
        Files.createFile(signals.resolve("1"));
        while (!Files.exists(signals.resolve("go"))) {
            Thread.sleep(10); // test scaffolding: the child only waits for its cue
        }
        Files.delete(file);
        HeldFile second = publish(file);
        first.close();
        Files.createFile(signals.resolve("2"));
        Thread.sleep(Long.MAX_VALUE);
        second.close();
    }

    private static HeldFile publish(Path file) throws Exception {
        String record = "{\"pid\":" + ProcessHandle.current().pid() + ",\"lane\":\"probe\",\"ts\":1}";
        return HeldFile.publish(file.resolveSibling(file.getFileName() + ".tmp"), file,
                record.getBytes(StandardCharsets.UTF_8));
    }
}
