package dev.queuelock.process;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The one way this project runs git: an argument array (never a shell string, so no branch or
 * file name can become a command) in a directory, stdout and stderr captured, nothing printed,
 * stdin closed, and never a prompt (no editor, no credential question on a terminal). The user's
 * config, credentials and hooks still apply.
 */
public final class GitCommand {

    private final Path directory;
    private final Map<String, String> environment;
    private final Duration timeout;

    private GitCommand(Path directory, Map<String, String> environment, Duration timeout) {
        this.directory = directory;
        this.environment = environment;
        this.timeout = timeout;
    }

    /** Git in this directory, with no time limit. */
    public static GitCommand in(Path directory) {
        return new GitCommand(directory, Map.of(), null);
    }

    /** Adds variables to git's environment (e.g. the marker the pre-push guard lets through). */
    public GitCommand withEnvironment(Map<String, String> variables) {
        return new GitCommand(directory, Map.copyOf(variables), timeout);
    }

    /** Stops git after this long; the result then has exit code -1. */
    public GitCommand withTimeout(Duration limit) {
        return new GitCommand(directory, environment, limit);
    }

    public Path directory() {
        return directory;
    }

    /**
     * Runs {@code git <args>}.
     *
     * @throws IOException if git cannot be started (not installed, directory missing)
     */
    public Result run(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(args.length + 1);
        command.add("git");
        command.addAll(Arrays.asList(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile());
        builder.environment().putAll(environment);
        builder.environment().put("GIT_EDITOR", "true");
        builder.environment().put("GIT_TERMINAL_PROMPT", "0");
        Process git = builder.start();
        git.getOutputStream().close();
        Drain err = new Drain(git.getErrorStream());
        Drain out = new Drain(git.getInputStream());
        try {
            if (timeout == null) {
                git.waitFor();
            } else if (!git.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                git.destroyForcibly();
                return new Result(-1, "", "git " + args[0] + " did not finish within " + timeout.toSeconds() + " s");
            }
        } catch (InterruptedException e) {
            git.destroyForcibly();
            throw e;
        }
        return new Result(git.exitValue(), out.text(), err.text());
    }

    /** Reads a stream to its end on a thread of its own, so neither pipe can fill up and stall git. */
    private static final class Drain extends Thread {
        private final InputStream in;
        private String text = "";

        Drain(InputStream in) {
            super("git output");
            this.in = in;
            setDaemon(true);
            start();
        }

        @Override
        public void run() {
            try (in) {
                text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                // the process went away: what it said is lost, its exit code still tells
            }
        }

        String text() throws InterruptedException {
            join();
            return text;
        }
    }

    /** What a git command said. */
    public static final class Result {
        public final int exit;
        public final String out;
        public final String err;

        public Result(int exit, String out, String err) {
            this.exit = exit;
            this.out = out;
            this.err = err;
        }

        public boolean ok() {
            return exit == 0;
        }

        /** The last non-blank line git wrote on stderr, for one-line messages. */
        public String lastErrorLine() {
            String[] lines = err.strip().split("\n");
            return lines[lines.length - 1].strip();
        }

        /**
         * All git wrote on stderr, on one line: for a complaint whose last line says nothing
         * ("Aborting" after the untracked files a merge would overwrite). A list after a colon
         * follows it; other lines are joined with "; ".
         */
        public String errorOnOneLine() {
            StringBuilder line = new StringBuilder();
            for (String part : err.split("\n")) {
                String text = part.strip().replaceFirst("^(error|fatal): ", "");
                if (!text.isEmpty() && !text.equals("Aborting")) {
                    boolean listing = line.length() > 0 && line.charAt(line.length() - 1) == ':';
                    line.append(line.length() == 0 ? "" : listing ? " " : "; ").append(text);
                }
            }
            return line.toString();
        }
    }
}
