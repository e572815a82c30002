package dev.queuelock.land.batch;

import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * A round of lane-by-lane checks rolling on, as a merge train does: while its checks run and none
 * has failed, a free slot takes the next lane of the stack the round did not check, or else the
 * next lander that queued meanwhile, stacked on the stack's top; either is checked at once on top
 * of every lane ahead of it. A lane waits for the next round only if its result is known already
 * or its check stands from an earlier round.
 *
 * @param <M> a lane
 */
final class RoundJoins<M> implements Speculation.Joining<M> {

    private final Bisection.Stacker<M> stacker;
    private final Speculation.Newcomers<M> newcomers;
    private final Bisection.Found<M> found;
    private final Bisection.Stack<M> stack;
    /** The round's prefixes, ascending: each joined one is added. */
    private final List<Integer> prefixes;
    /** The round's checks to run: each joined one is added. */
    private final List<Speculation.Candidate<M>> toRun;
    private final int slots;
    private final Predicate<Speculation.Candidate<M>> decidedBefore;

    RoundJoins(Bisection.Stacker<M> stacker, Speculation.Newcomers<M> newcomers, Bisection.Found<M> found,
               Bisection.Stack<M> stack, List<Integer> prefixes, List<Speculation.Candidate<M>> toRun, int slots,
               Predicate<Speculation.Candidate<M>> decidedBefore) {
        this.stacker = stacker;
        this.newcomers = newcomers;
        this.found = found;
        this.stack = stack;
        this.prefixes = prefixes;
        this.toRun = toRun;
        this.slots = slots;
        this.decidedBefore = decidedBefore;
    }

    @Override
    public Optional<Speculation.Candidate<M>> next(int running) throws InterruptedException {
        if (running >= slots || prefixes.isEmpty()) {
            return Optional.empty();
        }
        int next = prefixes.get(prefixes.size() - 1) + 1;
        if (next >= stack.members.size() && !stackNewcomer()) {
            return Optional.empty();
        }
        Speculation.Candidate<M> candidate = new Speculation.Candidate<>(next, stack.tops.get(next), stack.tops.get(next - 1),
                Bisection.checked(found, stack, next));
        if (decidedBefore.test(candidate)) {
            return Optional.empty(); // the next round takes it: a result known, or a check that stands
        }
        prefixes.add(next);
        toRun.add(candidate);
        return Optional.of(candidate);
    }

    /** Stacks the next newcomer that applies on the stack's top; false if none is waiting. */
    private boolean stackNewcomer() throws InterruptedException {
        for (Optional<M> newcomer = newcomers.next(); newcomer.isPresent(); newcomer = newcomers.next()) {
            Bisection.Stack<M> one = stacker.build(stack.tops.get(stack.tops.size() - 1), List.of(newcomer.get()));
            found.conflicted.addAll(one.conflicts);
            found.alreadyThere.addAll(one.alreadyThere);
            if (!one.members.isEmpty()) {
                stack.add(one.members.get(0), one.tops.get(0));
                return true;
            }
        }
        return false;
    }
}
