package dev.queuelock.land.batch;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The speculation on a model of a stack, as {@link BisectionTest}: a commit is the list of lanes
 * under it, and it fails when it contains a culprit. Each round's checks are recorded together,
 * as they would run on free slots; a failure drops the checks behind it.
 */
class SpeculationTest {

    final List<List<String>> rounds = new ArrayList<>();

    Speculation<String> speculation(Set<String> culprits, int slots, boolean perLane) {
        return speculation(culprits, Set.of(), slots, perLane);
    }

    /** @param independent lanes whose check tests their own modules only, which none of the others touch */
    Speculation<String> speculation(Set<String> culprits, Set<String> independent, int slots, boolean perLane) {
        Bisection.Stacker<String> stacker = (base, members) -> {
            Bisection.Stack<String> stack = new Bisection.Stack<>();
            String top = base;
            for (String m : members) {
                top = top + "+" + m;
                stack.add(m, top);
            }
            return stack;
        };
        Speculation.Runner<String> runner = (candidates, joining, wall) -> {
            assertThat(candidates.size()).as("never more checks at once than slots").isLessThanOrEqualTo(slots);
            List<String> round = new ArrayList<>();
            List<Speculation.Ended> ended = new ArrayList<>();
            boolean failed = false;
            for (Speculation.Candidate<String> c : candidates) {
                round.add(c.commit);
                boolean alone = independent.contains(c.last()); // it tests its own modules only: done before a failure ahead
                if (failed && !alone) {
                    ended.add(Speculation.Ended.dropped(5_000));
                    continue;
                }
                boolean passes = alone ? !culprits.contains(c.last())
                        : culprits.stream().noneMatch(x -> List.of(c.commit.split("\\+")).contains(x));
                failed = !passes;
                ended.add(new Speculation.Ended(passes, 10_000, alone));
            }
            wall[0] = 10_000;
            rounds.add(round);
            return ended;
        };
        return new Speculation<>(stacker, runner, new SpeculationPlan(slots, perLane));
    }

    /**
     * Lane by lane with checks that end in the order they started: each time one ends, the slot it
     * frees is offered to the round; the newcomers queue meanwhile, in this order.
     */
    Speculation<String> rolling(Set<String> culprits, int slots, List<String> newcomers) {
        Bisection.Stacker<String> stacker = (base, members) -> {
            Bisection.Stack<String> stack = new Bisection.Stack<>();
            String top = base;
            for (String m : members) {
                top = top + "+" + m;
                stack.add(m, top);
            }
            return stack;
        };
        List<String> queued = new ArrayList<>(newcomers);
        Speculation.Runner<String> runner = (first, joining, wall) -> {
            List<Speculation.Candidate<String>> started = new ArrayList<>(first);
            List<Speculation.Ended> ended = new ArrayList<>();
            boolean failed = false;
            for (int i = 0; i < started.size(); i++) {
                for (int running = started.size() - i; !failed; running++) {
                    assertThat(running).as("never more checks at once than slots").isLessThanOrEqualTo(slots);
                    var more = joining.next(running);
                    if (more.isEmpty()) {
                        break;
                    }
                    started.add(more.get());
                }
                Speculation.Candidate<String> c = started.get(i);
                boolean passes = culprits.stream().noneMatch(x -> List.of(c.commit.split("\\+")).contains(x));
                ended.add(failed ? Speculation.Ended.dropped(5_000) : new Speculation.Ended(passes, 10_000));
                failed |= !passes;
            }
            List<String> round = new ArrayList<>();
            started.forEach(c -> round.add(c.commit));
            rounds.add(round);
            return ended;
        };
        Speculation.Newcomers<String> arriving = () -> queued.isEmpty() ? java.util.Optional.empty()
                : java.util.Optional.of(queued.remove(0));
        return new Speculation<>(stacker, runner, () -> slots, true, arriving);
    }

    @Test
    void lanesThatQueueWhileTheChecksRunJoinTheRoundOnTopOfTheLanesAhead() throws Exception {
        Speculation<String> s = rolling(Set.of(), 3, List.of("B", "C"));
        Bisection.Verdicts<String> v = s.run("main", List.of("A"));
        assertThat(rounds).as("one round: B and C start while A's check runs").containsExactly(List.of("main+A", "main+A+B", "main+A+B+C"));
        assertThat(v.passedMembers()).containsExactly("A", "B", "C");
        assertThat(lines(s)).containsExactly("A on main passed (10 s)", "B on A passed (10 s)", "C on A+B passed (10 s)");
    }

    @Test
    void aSlotThatFreesTakesTheNextLaneInsteadOfWaitingForTheRoundToEnd() throws Exception {
        Speculation<String> s = rolling(Set.of(), 2, List.of("E"));
        Bisection.Verdicts<String> v = s.run("main", List.of("A", "B", "C", "D"));
        assertThat(rounds).containsExactly(List.of("main+A", "main+A+B", "main+A+B+C", "main+A+B+C+D", "main+A+B+C+D+E"));
        assertThat(v.passedMembers()).containsExactly("A", "B", "C", "D", "E");
    }

    @Test
    void aFailureAheadRestartsOnlyTheChecksThatAssumedItAndTheJoinedLanesLand() throws Exception {
        Speculation<String> s = rolling(Set.of("B"), 3, List.of("C", "D"));
        Bisection.Verdicts<String> v = s.run("main", List.of("A", "B"));
        assertThat(rounds.get(0)).as("C joined at once, D as A's check ended").containsExactly("main+A", "main+A+B", "main+A+B+C",
                "main+A+B+C+D");
        assertThat(rounds.get(1)).as("A's pass stands: only C and D, which assumed B, restart").containsExactly("main+A+C", "main+A+C+D");
        assertThat(v.failed).extracting(t -> t.member).containsExactly("B");
        assertThat(v.passedMembers()).containsExactly("A", "C", "D");
        assertThat(lines(s)).containsExactly("A on main passed (10 s)", "B on A failed (10 s)", "C on A+B dropped (5 s)",
                "D on A+B+C dropped (5 s)", "C on A passed (10 s)", "D on A+C passed (10 s)");
    }

    static List<String> lines(Speculation<String> s) {
        List<String> lines = new ArrayList<>();
        s.checks().forEach(c -> lines.add(CheckLines.describe(c, Function.identity(), "main")));
        return lines;
    }

    @Test
    void threeLanesOnThreeSlotsAreCheckedAtOnceEachOnTheLanesAhead() throws Exception {
        Speculation<String> s = speculation(Set.of(), 3, true);
        Bisection.Verdicts<String> v = s.run("main", List.of("A", "B", "C"));
        assertThat(rounds).containsExactly(List.of("main+A", "main+A+B", "main+A+B+C"));
        assertThat(v.passedMembers()).containsExactly("A", "B", "C");
        assertThat(v.passed.get(1).commit).as("B lands as the commit it was checked at").isEqualTo("main+A+B");
        assertThat(lines(s)).containsExactly("A on main passed (10 s)", "B on A passed (10 s)", "C on A+B passed (10 s)");
        assertThat(s.times().wallMs()).as("one round").isEqualTo(10_000);
        assertThat(s.times().checkMs()).as("each check's own time, added up: no saving told from it").isEqualTo(30_000);
        assertThat(s.times().lostMs()).isZero();
    }

    @Test
    void aFailureAheadDropsTheChecksBehindItAndRechecksThemWithoutIt() throws Exception {
        Speculation<String> s = speculation(Set.of("A"), 3, true);
        Bisection.Verdicts<String> v = s.run("main", List.of("A", "B", "C"));
        assertThat(rounds).containsExactly(List.of("main+A", "main+A+B", "main+A+B+C"), List.of("main+B", "main+B+C"));
        assertThat(v.failed).extracting(t -> t.member).containsExactly("A");
        assertThat(v.passedMembers()).containsExactly("B", "C");
        assertThat(v.top()).isEqualTo("main+B+C");
        assertThat(lines(s)).containsExactly("A on main failed (10 s)", "B on A dropped (5 s)", "C on A+B dropped (5 s)",
                "B on main passed (10 s)", "C on B passed (10 s)");
        assertThat(s.times().lostMs()).isEqualTo(10_000);
    }

    @Test
    void anIndependentLanesCheckStandsWhenTheLaneAheadFails() throws Exception {
        Speculation<String> s = speculation(Set.of("A"), Set.of("B"), 3, true);
        Bisection.Verdicts<String> v = s.run("main", List.of("A", "B", "C"));
        assertThat(v.passedMembers()).containsExactly("B", "C");
        assertThat(rounds.get(1)).as("B is not checked again").containsExactly("main+B+C");
        assertThat(lines(s)).contains("B on main: not checked again, its check stands (independent of the lanes ahead)");
    }

    @Test
    void aCulpritInTheMiddleKeepsTheLanesAheadAndRestacksTheOnesBehind() throws Exception {
        Speculation<String> s = speculation(Set.of("B"), 3, true);
        Bisection.Verdicts<String> v = s.run("main", List.of("A", "B", "C"));
        assertThat(v.passedMembers()).containsExactly("A", "C");
        assertThat(v.failed).extracting(t -> t.member).containsExactly("B");
        assertThat(rounds.get(1)).containsExactly("main+A+C");
    }

    @Test
    void moreLanesThanSlotsGoInRounds() throws Exception {
        Speculation<String> s = speculation(Set.of(), 2, true);
        Bisection.Verdicts<String> v = s.run("main", List.of("A", "B", "C", "D"));
        assertThat(rounds).containsExactly(List.of("main+A", "main+A+B"), List.of("main+A+B+C", "main+A+B+C+D"));
        assertThat(v.passedMembers()).containsExactly("A", "B", "C", "D");
    }

    @Test
    void aFailedBatchOfFourIsNarrowedInOneRoundOfChecksTogether() throws Exception {
        Speculation<String> s = speculation(Set.of("C"), 3, false);
        Bisection.Verdicts<String> v = s.run("main", List.of("A", "B", "C", "D"));
        assertThat(rounds.get(0)).containsExactly("main+A+B", "main+A+B+C", "main+A+B+C+D");
        assertThat(rounds.get(1)).as("D restacked on A+B").containsExactly("main+A+B+D");
        assertThat(v.failed).extracting(t -> t.member).containsExactly("C");
        assertThat(v.passedMembers()).containsExactly("A", "B", "D");
    }

    @Test
    void oneSlotBatchFindsAnyCulpritLikeTheBisection() throws Exception {
        for (int n = 1; n <= 7; n++) {
            for (int c = 0; c < n; c++) {
                rounds.clear();
                List<String> members = BisectionTest.members(n);
                Bisection.Verdicts<String> v = speculation(Set.of("m" + c), 1, false).run("base", members);
                assertThat(v.failed).extracting(t -> t.member).as("n=%d c=%d", n, c).containsExactly("m" + c);
                List<String> checked = new ArrayList<>();
                rounds.forEach(checked::addAll);
                assertThat(checked).as("no commit checked twice").doesNotHaveDuplicates();
                assertThat(checked.size()).isLessThanOrEqualTo(n == 1 ? 1 : 2 + (int) Math.ceil(Math.log(n) / Math.log(2)));
            }
        }
    }
}
