package dev.queuelock.land.batch;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The bisection on a model of a stack: a commit is the list of members under it, and a commit
 * fails its checks when it contains a culprit. Counts check runs against the bound that makes a batch worth it.
 */
class BisectionTest {

    int runs;
    final List<String> checked = new ArrayList<>();
    /** Each check run's members, as the checker was told them. */
    final List<List<String>> named = new ArrayList<>();

    Bisection<String> bisection(Set<String> culprits, Set<String> conflicting) {
        Bisection.Stacker<String> stacker = (base, members) -> {
            Bisection.Stack<String> stack = new Bisection.Stack<>();
            String top = base;
            for (String m : members) {
                if (conflicting.contains(m)) {
                    stack.conflicted(m);
                } else {
                    top = top + "+" + m;
                    stack.add(m, top);
                }
            }
            return stack;
        };
        Bisection.Checker<String> checker = (commit, members) -> {
            runs++;
            checked.add(commit);
            named.add(members);
            return culprits.stream().noneMatch(c -> List.of(commit.split("\\+")).contains(c));
        };
        return new Bisection<>(stacker, checker);
    }

    static List<String> members(int n) {
        List<String> members = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            members.add("m" + i);
        }
        return members;
    }

    @Test
    void allPassingTakesOneCheckRun() throws Exception {
        Bisection.Verdicts<String> v = bisection(Set.of(), Set.of()).run("base", members(6));
        assertThat(v.passedMembers()).containsExactlyElementsOf(members(6));
        assertThat(v.top()).isEqualTo("base+m0+m1+m2+m3+m4+m5");
        assertThat(runs).isEqualTo(1);
    }

    @Test
    void oneCulpritAnywhereIsFoundWithinOnePlusTwoLog2NRuns() throws Exception {
        for (int n = 1; n <= 9; n++) {
            int bound = 2 + (int) Math.ceil(Math.log(n) / Math.log(2));
            for (int c = 0; c < n; c++) {
                runs = 0;
                checked.clear();
                String culprit = "m" + c;
                Bisection.Verdicts<String> v = bisection(Set.of(culprit), Set.of()).run("base", members(n));
                List<String> rest = new ArrayList<>(members(n));
                rest.remove(culprit);
                assertThat(failedMembers(v)).as("n=%d culprit=%s", n, culprit).containsExactly(culprit);
                assertThat(v.passedMembers()).containsExactlyElementsOf(rest);
                assertThat(v.top()).isEqualTo(rest.isEmpty() ? null : "base+" + String.join("+", rest));
                assertThat(runs).as("check runs, n=%d culprit=%s", n, culprit).isLessThanOrEqualTo(n == 1 ? 1 : bound);
                assertThat(checked).as("no commit checked twice").doesNotHaveDuplicates();
            }
        }
    }

    @Test
    void twoCulpritsAreBothFoundAndConflictsAreLeftOut() throws Exception {
        Bisection.Verdicts<String> v = bisection(Set.of("m1", "m4"), Set.of("m2")).run("base", members(6));
        assertThat(failedMembers(v)).containsExactly("m1", "m4");
        assertThat(v.conflicted).containsExactly("m2");
        assertThat(v.passedMembers()).containsExactly("m0", "m3", "m5");
        assertThat(v.top()).isEqualTo("base+m0+m3+m5");
    }

    /**
     * A check run after a culprit was dropped is stacked on the lanes that passed
     * before it, and names them too (the model's commit is exactly its members).
     */
    @Test
    void everyCheckRunNamesEveryMemberInTheCommitItChecks() throws Exception {
        for (String culprit : List.of("m0", "m1", "m2", "m3")) {
            checked.clear();
            named.clear();
            bisection(Set.of(culprit), Set.of()).run("base", members(4));
            for (int i = 0; i < checked.size(); i++) {
                List<String> inCommit = List.of(checked.get(i).split("\\+"));
                assertThat(named.get(i)).as("run %d with culprit %s", i + 1, culprit)
                        .containsExactlyElementsOf(inCommit.subList(1, inCommit.size()));
            }
        }
        checked.clear();
        named.clear();
        bisection(Set.of("m1"), Set.of()).run("base", members(3));
        assertThat(checked).as("m0 passed, m1 failed, m2 restacked on m0").last().isEqualTo("base+m0+m2");
        assertThat(named).last().isEqualTo(List.of("m0", "m2"));
    }

    /** A result implied by others is never checked: each check costs a build. */
    @Test
    void aResultThatIsImpliedIsNotChecked() throws Exception {
        bisection(Set.of("m1"), Set.of()).run("base", members(2));
        assertThat(checked).as("[m0,m1] fails and m0 passes: m1 is the culprit, unchecked alone")
                .containsExactly("base+m0+m1", "base+m0");

        checked.clear();
        bisection(Set.of("m0"), Set.of()).run("base", members(2));
        assertThat(checked).as("m1 was never checked without m0").containsExactly("base+m0+m1", "base+m0", "base+m1");

        for (int c = 0; c < 4; c++) {
            runs = 0;
            Bisection.Verdicts<String> v = bisection(Set.of("m" + c), Set.of()).run("base", members(4));
            assertThat(failedMembers(v)).containsExactly("m" + c);
            assertThat(runs).as("one culprit among four, at m%d", c).isLessThanOrEqualTo(4);
        }
    }

    @Test
    void laneWithNothingOfItsOwnIsAlreadyThereAndNotChecked() throws Exception {
        Bisection.Stacker<String> stacker = (base, members) -> {
            Bisection.Stack<String> stack = new Bisection.Stack<>();
            String top = base;
            for (String m : members) {
                if (m.equals("m1")) {
                    stack.alreadyThere(m);
                } else {
                    top = top + "+" + m;
                    stack.add(m, top);
                }
            }
            return stack;
        };
        Bisection.Verdicts<String> v = new Bisection<>(stacker, (commit, members) -> {
            runs++;
            return true;
        }).run("base", members(3));
        assertThat(v.alreadyThere).containsExactly("m1");
        assertThat(v.passedMembers()).containsExactly("m0", "m2");
        assertThat(runs).isEqualTo(1);
    }

    private static <M> List<M> failedMembers(Bisection.Verdicts<M> verdicts) {
        List<M> members = new ArrayList<>();
        verdicts.failed.forEach(t -> members.add(t.member));
        return members;
    }
}
