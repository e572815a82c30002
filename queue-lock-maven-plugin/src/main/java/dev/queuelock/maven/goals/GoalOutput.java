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
 *
 * <p>The answer is the last line: Debian's and Ubuntu's Maven 3.8.7 take a pipe for a terminal (their
 * jansi has no native library for Linux) and write jansi's reset code, {@code ESC[0m}, on its own
 * line when Maven ends, so {@code $(mvn -q queuelock:lane | tail -n 1)} would be that code. That
 * reset is turned off before the answer is printed: Maven's own lines reset their colours themselves.
 * (In batch mode that Maven writes one more as it starts, before any goal runs: nothing here can take it back.)
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
        noResetCodeAtExit();
        stdout.println(line);
        stdout.flush();
    }

    /**
     * Tells jansi 2's {@code AnsiPrintStream}, Maven 3's {@code System.out}, not to write its reset
     * code when Maven uninstalls it. By reflection: jansi is Maven's, and other Mavens have none.
     */
    private static void noResetCodeAtExit() {
        PrintStream out = System.out;
        if (out.getClass().getName().startsWith("org.fusesource.jansi.")) {
            try {
                out.getClass().getMethod("setResetAtUninstall", boolean.class).invoke(out, false);
            } catch (ReflectiveOperationException | RuntimeException e) {
                // a jansi without this setting: nothing to turn off
            }
        }
    }

    /** For a test that reads the answer in-process: sends it to {@code to}; returns where it went before. */
    static PrintStream redirect(PrintStream to) {
        PrintStream before = stdout;
        stdout = to;
        redirected = true;
        return before;
    }
}
