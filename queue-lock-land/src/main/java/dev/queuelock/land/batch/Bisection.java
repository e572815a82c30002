package dev.queuelock.land.batch;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Which lanes of a batch may land: check the whole stack once; if it fails, binary-search the
 * stack's prefixes for the first failing one (a lane's change is only valid on top of the ones
 * before it), drop that lane, restack the lanes after it on the last good prefix and check again.
 * One culprit among n lanes costs at most {@code 1 + ceil(log2 n) + 1} check runs. A result that
 * is implied is never checked: the base passed (it is the integration branch, or the top of a
 * passing prefix), a prefix between the last passing and the first failing one decides the
 * culprit, and no commit is checked twice.
 *
 * @param <M> a batch member
 */
public final class Bisection<M> {

    /** Puts members on top of a base commit, in order; a member that conflicts is left out. */
    public interface Stacker<M> {
        Stack<M> build(String base, List<M> members) throws InterruptedException;
    }

    /** Runs the checks on one commit: the base's members and the stack's up to that commit, in order. */
    public interface Checker<M> {
        boolean passes(String commit, List<M> members) throws InterruptedException;
    }

    /** Members stacked in order, each with the commit at the top of the stack after it. */
    public static final class Stack<M> {
        final List<M> members = new ArrayList<>();
        final List<String> tops = new ArrayList<>();
        final List<M> conflicts = new ArrayList<>();
        final List<M> alreadyThere = new ArrayList<>();

        public void add(M member, String top) {
            members.add(member);
            tops.add(top);
        }

        public void conflicted(M member) {
            conflicts.add(member);
        }

        /** The member adds nothing on top of the stack: its work is already there. */
        public void alreadyThere(M member) {
            alreadyThere.add(member);
        }
    }

    /** A member with a commit: the one it landed as (passed), or the one it was checked at (failed). */
    public static final class Tested<M> {
        public final M member;
        public final String commit;

        Tested(M member, String commit) {
            this.member = member;
            this.commit = commit;
        }
    }

    /** What the bisection decided, built once at its end. */
    public static final class Verdicts<M> {
        /** Members that may land, in order, each with the commit it lands as. */
        public final List<Tested<M>> passed;
        /** Culprits, each with the commit its checks failed at (its prefix's top). */
        public final List<Tested<M>> failed;
        public final List<M> conflicted;
        /** Members with nothing to land: their work is already on the base or below them. */
        public final List<M> alreadyThere;

        Verdicts(Found<M> found) {
            this.passed = List.copyOf(found.passed);
            this.failed = List.copyOf(found.failed);
            this.conflicted = List.copyOf(found.conflicted);
            this.alreadyThere = List.copyOf(found.alreadyThere);
        }

        /** The commit to push: the top of the passed stack, or null if nothing passed. */
        public String top() {
            return passed.isEmpty() ? null : passed.get(passed.size() - 1).commit;
        }

        public List<M> passedMembers() {
            return members(passed);
        }
    }

    /** What the bisection has found while it runs. */
    static final class Found<M> {
        final List<Tested<M>> passed = new ArrayList<>();
        final List<Tested<M>> failed = new ArrayList<>();
        final List<M> conflicted = new ArrayList<>();
        final List<M> alreadyThere = new ArrayList<>();
    }

    private static <M> List<M> members(List<Tested<M>> tested) {
        List<M> members = new ArrayList<>();
        tested.forEach(t -> members.add(t.member));
        return members;
    }

    private final Stacker<M> stacker;
    private final Checker<M> checker;

    public Bisection(Stacker<M> stacker, Checker<M> checker) {
        this.stacker = stacker;
        this.checker = checker;
    }

    public Verdicts<M> run(String base, List<M> members) throws InterruptedException {
        Found<M> found = new Found<>();
        Map<String, Boolean> known = new HashMap<>();
        List<M> pending = List.copyOf(members);
        while (!pending.isEmpty()) {
            Stack<M> stack = stacker.build(base, pending);
            found.conflicted.addAll(stack.conflicts);
            found.alreadyThere.addAll(stack.alreadyThere);
            int n = stack.members.size();
            if (n == 0) {
                break;
            }
            if (passes(known, stack.tops.get(n - 1), checked(found, stack, n - 1))) {
                accept(found, stack, n - 1);
                break;
            }
            int good = -1; // -1 is the base: known good, as for a single landing
            int bad = n - 1;
            while (bad - good > 1) {
                int mid = good + (bad - good) / 2;
                if (passes(known, stack.tops.get(mid), checked(found, stack, mid))) {
                    good = mid;
                } else {
                    bad = mid;
                }
            }
            accept(found, stack, good);
            found.failed.add(new Tested<>(stack.members.get(bad), stack.tops.get(bad)));
            if (good >= 0) {
                base = stack.tops.get(good);
            }
            pending = stack.members.subList(bad + 1, n);
        }
        return new Verdicts<>(found);
    }

    private boolean passes(Map<String, Boolean> known, String commit, List<M> members) throws InterruptedException {
        Boolean result = known.get(commit);
        if (result == null) {
            result = checker.passes(commit, members);
            known.put(commit, result);
        }
        return result;
    }

    static <M> void accept(Found<M> found, Stack<M> stack, int last) {
        for (int i = 0; i <= last; i++) {
            found.passed.add(new Tested<>(stack.members.get(i), stack.tops.get(i)));
        }
    }

    /**
     * Every member in the commit at {@code stack.tops[to]}: the ones accepted so far (the base is the
     * top of their stack) and the stack's up to {@code to}, so a check run after a culprit was dropped
     * names the lanes it was stacked on, not only the ones restacked.
     */
    static <M> List<M> checked(Found<M> found, Stack<M> stack, int to) {
        List<M> members = new ArrayList<>(members(found.passed));
        members.addAll(stack.members.subList(0, to + 1));
        return members;
    }
}
