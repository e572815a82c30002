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
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * The one way this project runs git: an argument array (never a shell string, so no branch or
 * file name can become a command) in a directory, stdout and stderr captured, nothing printed,
 * stdin closed, and never a prompt (no editor, no credential question on a terminal). The user's
 * config, credentials and hooks still apply.
 *
 * <p>Many working trees of one repository run git at once, and a plain {@code git status} takes a
 * working tree's {@code index.lock} to refresh the index, which makes a concurrent
 * {@code git rebase --abort} there fail. So every command that only reads ({@link #onlyReads})
 * runs with {@code GIT_OPTIONAL_LOCKS=0}: decided here, from the command, so no caller can forget.
 */
public final class GitCommand {

    /** Subcommands that never change a repository, whatever their options. */
    private static final Set<String> READERS = Set.of("status", "rev-parse", "diff", "diff-index", "diff-files",
            "diff-tree", "log", "show", "for-each-ref", "show-ref", "ls-files", "ls-tree", "ls-remote", "rev-list",
            "merge-base", "cat-file", "describe", "var", "check-ignore", "check-ref-format", "name-rev", "cherry",
            "shortlog", "grep", "blame", "version");

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
        if (onlyReads(args)) {
            builder.environment().put("GIT_OPTIONAL_LOCKS", "0");
        }
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

    /**
     * Whether {@code git <args>} only reads: then it must not take the optional locks (a
     * {@code status} refreshing the index) that make another process's change of that working tree fail.
     * The read-only forms of commands that can also write count too ({@code remote},
     * {@code worktree list}, {@code config --get}, {@code symbolic-ref} of one ref, {@code branch --list}).
     */
    static boolean onlyReads(String... args) {
        if (args.length == 0) {
            return false;
        }
        List<String> rest = Arrays.asList(args).subList(1, args.length);
        switch (args[0]) {
            case "remote":
                return rest.isEmpty() || rest.get(0).equals("get-url") || rest.get(0).equals("-v");
            case "worktree":
                return !rest.isEmpty() && rest.get(0).equals("list");
            case "config":
                return rest.stream().anyMatch(a -> a.startsWith("--get") || a.equals("--list") || a.equals("-l"));
            case "symbolic-ref":
                return rest.stream().filter(a -> !a.startsWith("-")).count() == 1 && !rest.contains("--delete") && !rest.contains("-d");
            case "branch":
                return rest.contains("--list") || rest.contains("--show-current");
            default:
                return READERS.contains(args[0]);
        }
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
