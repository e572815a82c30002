package dev.queuelock.maven.watch;

import dev.queuelock.land.watch.ScreenWrap;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The terminal the watch draws on: each frame redrawn in place (cursor home, each line cleared to
 * its end, the rest of the screen cleared), the cursor hidden while it runs and shown again however
 * it ends (Ctrl-C runs the shutdown hook). A line longer than the terminal is wide goes on over the
 * lines below it ({@link ScreenWrap}), so nothing is cut and the terminal's own wrapping never moves
 * the frame.
 */
public final class Screen implements AutoCloseable {

    private static final String ESC = "\u001b[";

    private final PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), false, StandardCharsets.UTF_8);
    private final int width;
    private final Thread restore = new Thread(this::restoreCursor, "queue-lock watch: restore the cursor");
    private String lastFrame = "";

    public Screen() {
        this.width = columns();
        out.print(ESC + "?25l" + ESC + "2J");
        out.flush();
        Runtime.getRuntime().addShutdownHook(restore);
    }

    /**
     * Whether standard output is a terminal (and standard input: the JDK cannot ask about one
     * alone). From JDK 22 a console exists even when both are redirected; its own
     * {@code isTerminal()} (asked by reflection: this compiles for 11) says whether it is one.
     */
    public static boolean isTerminal() {
        java.io.Console console = System.console();
        if (console == null) {
            return false;
        }
        try {
            return (Boolean) console.getClass().getMethod("isTerminal").invoke(console);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return true; // before JDK 22: a console is a terminal
        }
    }

    public synchronized void draw(List<String> lines) {
        StringBuilder frame = new StringBuilder(ESC + "H");
        for (String line : ScreenWrap.wrap(lines, width)) {
            frame.append(line).append(ESC).append("K\n");
        }
        frame.append(ESC).append("J");
        String text = frame.toString();
        if (!text.equals(lastFrame)) {
            out.print(text);
            out.flush();
            lastFrame = text;
        }
    }

    private synchronized void restoreCursor() {
        out.print(ESC + "?25h\n");
        out.flush();
    }

    @Override
    public void close() {
        restoreCursor();
        try {
            Runtime.getRuntime().removeShutdownHook(restore);
        } catch (IllegalStateException e) {
            // shutting down: the hook runs anyway
        }
    }

    /** The terminal's width as {@code stty} reads it from the terminal itself; 120 where it cannot tell. */
    private static int columns() {
        try {
            Process p = new ProcessBuilder("stty", "size").redirectInput(ProcessBuilder.Redirect.INHERIT)
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            String size = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            if (p.waitFor(2, TimeUnit.SECONDS) && p.exitValue() == 0 && size.matches("\\d+ \\d+")) {
                return Math.max(40, Integer.parseInt(size.split(" ")[1]));
            }
        } catch (IOException | RuntimeException e) {
            // no stty: the default
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return 120;
    }
}
