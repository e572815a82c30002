package dev.queuelock.maven.it;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A real terminal for a test: a tmux server of the test's own (its own socket), one window
 * running a command, read back as the screen shows it ({@code capture-pane}).
 */
final class Tmux implements AutoCloseable {

    private final String socket;
    /** Every byte the command wrote to the terminal, escape sequences included. */
    private final Path output;

    private Tmux(String socket, Path output) {
        this.socket = socket;
        this.output = output;
    }

    /** Whether tmux can be run here; a test skips with this reason where it cannot. */
    static boolean available() {
        try {
            Process p = new ProcessBuilder("tmux", "-V").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * Starts {@code command} in a {@code columns}x{@code rows} terminal, in {@code dir}, with {@code env} added; what it
     * writes is also kept in {@code output}.
     */
    static Tmux start(Path dir, Map<String, String> env, int columns, int rows, List<String> command, Path output)
            throws IOException {
        Tmux tmux = new Tmux("queuelock-it-" + ProcessHandle.current().pid() + "-" + System.nanoTime(), output);
        List<String> args = new ArrayList<>(List.of("tmux", "-L", tmux.socket, "-f", "/dev/null", "new-session", "-d", "-s", "w",
                "-x", Integer.toString(columns), "-y", Integer.toString(rows), "-c", dir.toString()));
        args.addAll(command);
        ProcessBuilder pb = new ProcessBuilder(args).redirectErrorStream(true);
        pb.environment().putAll(env);
        pb.environment().put("TERM", "xterm-256color");
        tmux.run(pb);
        // The pane stays when the command ends, so the test sees how it ended.
        tmux.run(new ProcessBuilder("tmux", "-L", tmux.socket, "set-option", "-t", "w", "remain-on-exit", "on").redirectErrorStream(true));
        // A file name the shell that pipe-pane starts takes as one word: the test's own temp path, quoted.
        tmux.run(new ProcessBuilder("tmux", "-L", tmux.socket, "pipe-pane", "-t", "w", "cat >> '" + output + "'").redirectErrorStream(true));
        return tmux;
    }

    /** The screen, one string (lines joined by newlines). */
    String screen() {
        try {
            return run(new ProcessBuilder("tmux", "-L", socket, "capture-pane", "-p", "-t", "w").redirectErrorStream(true));
        } catch (IOException e) {
            return "";
        }
    }

    /** Everything the command wrote so far, escape sequences included. */
    String output() {
        try {
            return java.nio.file.Files.readString(output, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }

    /** A tmux format of the pane, e.g. {@code #{pane_dead}} (1 once its command ended). */
    String pane(String format) {
        try {
            return run(new ProcessBuilder("tmux", "-L", socket, "display-message", "-p", "-t", "w", format).redirectErrorStream(true)).trim();
        } catch (IOException e) {
            return "";
        }
    }

    /** Types keys, e.g. {@code C-c}. */
    void send(String keys) throws IOException {
        run(new ProcessBuilder("tmux", "-L", socket, "send-keys", "-t", "w", keys));
    }

    private static String run(ProcessBuilder pb) throws IOException {
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            p.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return out;
    }

    @Override
    public void close() {
        try {
            run(new ProcessBuilder("tmux", "-L", socket, "kill-server").redirectErrorStream(true));
        } catch (IOException e) {
            // no server left to kill
        }
    }
}
