package dev.queuelock.testsupport;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The tests' one git runner: real git with an argument array, output and errors merged, bounded by
 * {@link Timing#forGit()}. Its identity comes from the GIT_* variables the test runner sets.
 */
public final class TestGit {

    /** What one git command did. */
    public static final class Result {
        public final int exit;
        public final String out;

        Result(int exit, String out) {
            this.exit = exit;
            this.out = out;
        }

        public boolean ok() {
            return exit == 0;
        }
    }

    private TestGit() {
    }

    /** Runs git in {@code dir} and returns its output, stripped; fails the test if git fails. */
    public static String git(Path dir, String... args) {
        Result result = tryGit(dir, args);
        if (!result.ok()) {
            throw new AssertionError("git " + String.join(" ", args) + " failed in " + dir + " (exit " + result.exit + "): "
                    + result.out);
        }
        return result.out.strip();
    }

    /** Runs git in {@code dir} and returns its exit code and output, whatever they are; fails the test only if it hangs. */
    public static Result tryGit(Path dir, String... args) {
        List<String> command = new ArrayList<>(List.of("git"));
        command.addAll(List.of(args));
        try {
            Process git = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
            String out = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!git.waitFor(Timing.forGit().toMillis(), TimeUnit.MILLISECONDS)) {
                git.destroyForcibly();
                throw new AssertionError("git " + String.join(" ", args) + " hung in " + dir);
            }
            return new Result(git.exitValue(), out);
        } catch (IOException e) {
            throw new AssertionError("cannot run git " + String.join(" ", args) + " in " + dir, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted running git " + String.join(" ", args), e);
        }
    }
}
