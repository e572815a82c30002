package dev.queuelock.maven.goals;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * A goal's answer (a port, a lane's path, the status document), written to the process's standard
 * output itself. Maven 4 replaces {@code System.out} while a mojo runs and logs what it gets as
 * {@code [INFO] [stdout] …}, even under {@code -q}: a script reading the answer would get a log
 * line. Maven 3 leaves {@code System.out} alone, so both print the same bytes. Under mvnd the
 * process's standard output is the daemon's log: the answer goes to the build's client instead
 * ({@link MvndClient}).
 */
final class GoalOutput {

    private static PrintStream stdout = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
    /** A test reads the answer in-process: no client to send it to. */
    private static boolean redirected;

    private GoalOutput() {
    }

    /** Prints {@code line} and flushes, so it comes before anything Maven logs after the goal. */
    static void println(Object line) {
        if (!redirected) {
            Optional<Consumer<String>> client = MvndClient.stdout();
            if (client.isPresent()) {
                client.get().accept(String.valueOf(line));
                return;
            }
        }
        stdout.println(line);
        stdout.flush();
    }

    /** For a test that reads the answer in-process: sends it to {@code to}; returns where it went before. */
    static PrintStream redirect(PrintStream to) {
        PrintStream before = stdout;
        stdout = to;
        redirected = true;
        return before;
    }
}
