package dev.queuelock.land.batch;

import java.util.ArrayList;
import java.util.List;

/**
 * Which prefixes of a stack to check together on free build slots, a pure decision. Prefix
 * {@code i} is the commit with the stack's first {@code i + 1} lanes (A; A+B; A+B+C...), each
 * checked on top of those ahead of it. {@code good} is the highest prefix known to pass (-1: the
 * base), {@code bad} the lowest known to fail ({@code n}: none known yet).
 *
 * <p>Lane by lane ({@link #perLane}), each lane's own prefix is checked, the first {@code slots}
 * ahead at once, so every lane lands on a check of exactly its commit. In batches, the whole
 * stack is checked first with prefixes spread below it; once a prefix fails, the prefixes between
 * the last passing and the failing one are checked together, spread evenly: a search with
 * {@code slots + 1} ways per round instead of one bisection step after another.
 */
final class SpeculationPlan {

    private final int slots;
    private final boolean perLane;

    /**
     * @param slots   checks run at once, 1 or more
     * @param perLane true: each lane its own check (batch size 1); false: a batch, narrowed on failure
     */
    SpeculationPlan(int slots, boolean perLane) {
        if (slots < 1) {
            throw new IllegalArgumentException("slots must be 1 or more: " + slots);
        }
        this.slots = slots;
        this.perLane = perLane;
    }

    int slots() {
        return slots;
    }

    boolean perLane() {
        return perLane;
    }

    /** Whether the checks are over: every prefix passes, or the culprit is the lowest failing one. */
    static boolean decided(int n, int good, int bad) {
        return bad == n ? good == n - 1 : bad == good + 1;
    }

    /**
     * The prefixes to check next, ascending; empty once {@link #decided}.
     *
     * @param n    the lanes in the stack
     * @param good the highest prefix known to pass, -1 for the base
     * @param bad  the lowest prefix known to fail, n if none is known
     */
    List<Integer> next(int n, int good, int bad) {
        if (good < -1 || bad > n || good >= bad) {
            throw new IllegalArgumentException("no prefix between " + good + " and " + bad + " of " + n);
        }
        List<Integer> prefixes = new ArrayList<>();
        if (decided(n, good, bad)) {
            return prefixes;
        }
        if (bad == n && perLane) {
            for (int i = good + 1; i < n && prefixes.size() < slots; i++) {
                prefixes.add(i);
            }
            return prefixes;
        }
        if (bad == n) { // the top first, the rest spread below it
            int span = n - 1 - good;
            int k = Math.min(slots, span);
            for (int j = 1; j <= k; j++) {
                prefixes.add(good + ceilDiv(j * span, k));
            }
            return prefixes;
        }
        // The culprit lies in (good, bad]: split that range into up to slots + 1 parts.
        int span = bad - good;
        int k = Math.min(slots, span - 1);
        for (int j = 1; j <= k; j++) {
            int prefix = good + (int) ((long) j * span / (k + 1));
            if (prefixes.isEmpty() || prefixes.get(prefixes.size() - 1) < prefix) {
                prefixes.add(prefix);
            }
        }
        return prefixes;
    }

    /**
     * The checks a failure drops: the ones behind it, which assumed the failing prefix passes.
     *
     * @param checked the prefixes of a round, ascending
     * @return the positions in {@code checked} after the failing prefix's
     */
    static List<Integer> droppedBy(List<Integer> checked, int failedPrefix) {
        List<Integer> dropped = new ArrayList<>();
        for (int i = 0; i < checked.size(); i++) {
            if (checked.get(i) > failedPrefix) {
                dropped.add(i);
            }
        }
        return dropped;
    }

    private static int ceilDiv(int a, int b) {
        return (a + b - 1) / b;
    }
}
