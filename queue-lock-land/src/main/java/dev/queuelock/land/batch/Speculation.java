package dev.queuelock.land.batch;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntSupplier;

/**
 * Which lanes of a stack may land, checking prefixes together on free build slots instead of one
 * after another: each round checks the prefixes the {@link SpeculationPlan} picks, each on top of
 * the lanes ahead of it, at once; lane by lane a round rolls on as slots free ({@link RoundJoins}). A failing prefix drops the checks behind it (they assumed it
 * passes); the lowest failing prefix whose predecessor passes names the culprit, which is left
 * out, and the lanes behind it are restacked on the last passing prefix and checked again. A lane
 * is accepted only with a passing check of a commit at or above its own, as in {@link Bisection},
 * whose verdicts this returns; no commit is checked twice.
 *
 * @param <M> a lane
 */
final class Speculation<M> {

    /** How one speculative check ended. */
    enum Result { PASSED, FAILED, DROPPED, STANDS }

    /** One prefix to check: its commit, the commit its last lane sits on, and every lane in it in stack order. */
    static final class Candidate<M> {
        final int prefix;
        final String commit;
        final String below;
        final List<M> members;

        Candidate(int prefix, String commit, String below, List<M> members) {
            this.prefix = prefix;
            this.commit = commit;
            this.below = below;
            this.members = List.copyOf(members);
        }

        /** The lane this prefix adds on top of the others. */
        M last() {
            return members.get(members.size() - 1);
        }
    }

    /**
     * A check as it ended: null result means dropped before it ended; ms is how long it held its
     * slot; {@code standsOnMain}: its lane is independent of the lanes ahead, so its pass stands for
     * the lane on main (or on any of the lanes ahead) too.
     */
    static final class Ended {
        final Boolean passed;
        final long ms;
        final boolean standsOnMain;

        Ended(Boolean passed, long ms) {
            this(passed, ms, false);
        }

        Ended(Boolean passed, long ms, boolean standsOnMain) {
            this.passed = passed;
            this.ms = ms;
            this.standsOnMain = standsOnMain;
        }

        static Ended dropped(long ms) {
            return new Ended(null, ms);
        }
    }

    /**
     * Runs a round's checks at once. When one fails, those behind it in the list are dropped
     * ({@link SpeculationPlan#droppedBy}): stopped if still running, their results not used.
     */
    interface Runner<M> {
        /**
         * @param joining asked for more checks while the round runs (told how many run), until one fails
         * @return one per candidate, then per joined check, in order; {@code wallMs} set to how long the round took
         */
        List<Ended> run(List<Candidate<M>> candidates, Joining<M> joining, long[] wallMs) throws InterruptedException;
    }

    /** A check that joins a round under way, if one may now. */
    interface Joining<M> {
        Optional<Candidate<M>> next(int running) throws InterruptedException;
    }

    /** Lanes that queued after the checks began, taken in queue order while there is room; none by default. */
    interface Newcomers<M> {
        Optional<M> next() throws InterruptedException;
    }

    /** One check as the history keeps it. */
    static final class Checked<M> {
        final Candidate<M> candidate;
        final Result result;
        final long ms;

        Checked(Candidate<M> candidate, Result result, long ms) {
            this.candidate = candidate;
            this.result = result;
            this.ms = ms;
        }
    }

    private final Bisection.Stacker<M> stacker;
    private final Runner<M> runner;
    private final IntSupplier roundSlots;
    private final boolean perLane;
    private final Newcomers<M> newcomers;
    private final List<Checked<M>> checks = new ArrayList<>();
    /** Lanes whose passing check stands whichever of the lanes ahead land: they need no check again. */
    private final List<M> standing = new ArrayList<>();
    private final SideBySideTimes times = new SideBySideTimes();

    Speculation(Bisection.Stacker<M> stacker, Runner<M> runner, SpeculationPlan plan) {
        this(stacker, runner, plan::slots, plan.perLane(), Optional::empty);
    }

    /**
     * @param roundSlots how many checks the next round may run at once, asked before each round
     * @param newcomers  lanes that join lane by lane while checks run, each on top of the stack
     */
    Speculation(Bisection.Stacker<M> stacker, Runner<M> runner, IntSupplier roundSlots, boolean perLane, Newcomers<M> newcomers) {
        this.stacker = stacker;
        this.runner = runner;
        this.roundSlots = roundSlots;
        this.perLane = perLane;
        this.newcomers = newcomers;
    }

    Bisection.Verdicts<M> run(String base, List<M> members) throws InterruptedException {
        Bisection.Found<M> found = new Bisection.Found<>();
        Map<String, Boolean> known = new HashMap<>();
        List<M> pending = List.copyOf(members);
        while (!pending.isEmpty()) {
            Bisection.Stack<M> stack = stacker.build(base, pending);
            found.conflicted.addAll(stack.conflicts);
            found.alreadyThere.addAll(stack.alreadyThere);
            if (stack.members.isEmpty()) {
                break;
            }
            int good = -1;
            int bad = stack.members.size();
            while (!SpeculationPlan.decided(stack.members.size(), good, bad)) {
                SpeculationPlan plan = new SpeculationPlan(roundSlots.getAsInt(), perLane);
                times.allowed(plan.slots());
                int[] bounds = round(found, stack, base, known, plan, good, bad);
                if (bounds[0] == good && bounds[1] == bad) {
                    throw new IllegalStateException("a round of speculative checks decided nothing");
                }
                good = bounds[0];
                bad = bounds[1];
            }
            int n = stack.members.size(); // lanes may have joined while the checks ran
            Bisection.accept(found, stack, good);
            if (bad == n) {
                break;
            }
            found.failed.add(new Bisection.Tested<>(stack.members.get(bad), stack.tops.get(bad)));
            if (good >= 0) {
                base = stack.tops.get(good);
            }
            pending = stack.members.subList(bad + 1, n);
        }
        return new Bisection.Verdicts<>(found);
    }

    /** Runs one round; returns the new {good, bad} (bad: the stack's size, which lanes that joined raise, if none failed). */
    private int[] round(Bisection.Found<M> found, Bisection.Stack<M> stack, String base, Map<String, Boolean> known,
                        SpeculationPlan plan, int good, int bad) throws InterruptedException {
        boolean noneFailed = bad == stack.members.size();
        List<Integer> prefixes = new ArrayList<>(plan.next(stack.members.size(), good, bad));
        List<Candidate<M>> toRun = new ArrayList<>();
        for (int prefix : prefixes) {
            Candidate<M> candidate = new Candidate<>(prefix, stack.tops.get(prefix), prefix == 0 ? base : stack.tops.get(prefix - 1),
                    Bisection.checked(found, stack, prefix));
            if (perLane && standing.contains(candidate.last()) && !known.containsKey(candidate.commit)) {
                // Lane by lane the prefixes below are checked on their own: this pass is the lane's alone.
                known.put(candidate.commit, true);
                checks.add(new Checked<>(candidate, Result.STANDS, 0));
            }
            if (!known.containsKey(candidate.commit)) {
                toRun.add(candidate);
            }
        }
        Map<Integer, Ended> ended = new HashMap<>();
        if (!toRun.isEmpty()) {
            long[] wall = {0};
            Joining<M> joining = perLane && noneFailed
                    ? new RoundJoins<>(stacker, newcomers, found, stack, prefixes, toRun, plan.slots(),
                            c -> standing.contains(c.last()) || known.containsKey(c.commit))
                    : running -> Optional.empty();
            List<Ended> results = runner.run(List.copyOf(toRun), joining, wall);
            long slotMs = 0;
            for (int i = 0; i < toRun.size(); i++) {
                ended.put(toRun.get(i).prefix, results.get(i));
                slotMs += results.get(i).ms;
                if (Boolean.TRUE.equals(results.get(i).passed) && results.get(i).standsOnMain) {
                    standing.add(toRun.get(i).last());
                }
            }
            times.round(toRun.size(), wall[0], slotMs);
        }
        int failedAt = -1;
        for (int prefix : prefixes) {
            Boolean passed = known.containsKey(stack.tops.get(prefix)) ? known.get(stack.tops.get(prefix))
                    : ended.get(prefix).passed;
            if (failedAt >= 0 || passed == null) {
                drop(ended, stack, found, prefix);
                continue;
            }
            known.put(stack.tops.get(prefix), passed);
            record(ended, stack, found, prefix, passed ? Result.PASSED : Result.FAILED);
            if (passed) {
                good = Math.max(good, prefix);
            } else {
                failedAt = prefix;
                bad = prefix;
            }
        }
        return new int[] {good, noneFailed && failedAt < 0 ? stack.members.size() : bad};
    }

    private void record(Map<Integer, Ended> ended, Bisection.Stack<M> stack, Bisection.Found<M> found, int prefix, Result result) {
        Ended run = ended.get(prefix);
        if (run != null) { // not a result known from an earlier round
            checks.add(new Checked<>(new Candidate<>(prefix, stack.tops.get(prefix), null, Bisection.checked(found, stack, prefix)),
                    result, run.ms));
        }
    }

    private void drop(Map<Integer, Ended> ended, Bisection.Stack<M> stack, Bisection.Found<M> found, int prefix) {
        Ended run = ended.get(prefix);
        if (run != null) {
            times.dropped(run.ms);
            record(ended, stack, found, prefix, Result.DROPPED);
        }
    }

    /** Every check run, in the order they were decided. */
    List<Checked<M>> checks() {
        return List.copyOf(checks);
    }

    /** How the checks went: how many, how long, how much on dropped ones. */
    SideBySideTimes times() {
        return times;
    }
}
