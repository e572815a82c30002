package dev.queuelock.land.batch;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/** A speculative check as the log and the history say it: the lane it adds and the lanes it ran on. */
final class CheckLines {

    private CheckLines() {
    }

    /**
     * A check as it ended, e.g. {@code C on A+B passed (41 s)} or {@code A on main failed (12 s)}.
     */
    static <M> String describe(Speculation.Checked<M> check, Function<M, String> name, String base) {
        if (check.result == Speculation.Result.STANDS) {
            return named(check.candidate, name, base) + ": not checked again, its check stands (independent of the lanes ahead)";
        }
        String what = check.result == Speculation.Result.DROPPED ? "dropped"
                : check.result == Speculation.Result.PASSED ? "passed" : "failed";
        return named(check.candidate, name, base) + " " + what + " (" + Math.round(check.ms / 1000.0) + " s)";
    }

    /** The lane a check adds, on the lanes below it ({@code base} if none): {@code C on A+B}. */
    static <M> String named(Speculation.Candidate<M> candidate, Function<M, String> name, String base) {
        List<M> members = candidate.members;
        List<String> below = new ArrayList<>();
        members.subList(0, members.size() - 1).forEach(m -> below.add(name.apply(m)));
        return name.apply(candidate.last()) + " on " + (below.isEmpty() ? base : String.join("+", below));
    }
}
