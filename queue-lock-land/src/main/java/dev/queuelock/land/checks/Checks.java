package dev.queuelock.land.checks;

import java.nio.file.Path;

/** The checks a rebased commit must pass before it is pushed (for Maven: a child {@code mvn verify}). */
public interface Checks {

    /** A one-line description for logs and messages, e.g. {@code mvn -B verify}. */
    String describe();

    /**
     * Runs the checks in the worktree; the output goes to {@code log}.
     *
     * @return true if they passed
     */
    boolean run(Path worktree, Path log) throws InterruptedException;

    /** No checks: only with {@code checksRequired=false}. */
    Checks NONE = new Checks() {
        @Override
        public String describe() {
            return "no checks";
        }

        @Override
        public boolean run(Path worktree, Path log) {
            return true;
        }
    };
}
