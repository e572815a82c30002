package dev.queuelock.maven.extension.check;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a land check builds: the whole reactor, with the rule that chose it, or the modules a
 * landing's changes reach - tested, each with why - and the modules they build on, built from
 * the same reactor with their tests skipped (main already passed them).
 */
final class CheckPlan {

    /** How many changed paths a summary names before it counts the rest. */
    private static final int SHOWN_PATHS = 3;

    private final String fullBecause;
    private final Map<String, String> tested;
    private final Set<String> builtOnly;
    /** Why this lane's check on main stands for its check on the lanes ahead; null if it does not. */
    private final String stands;
    /** The modules whose stored outputs the build resolves instead of building them, each with where from. */
    private final Map<String, String> reused;

    private CheckPlan(String fullBecause, Map<String, String> tested, Set<String> builtOnly, String stands, Map<String, String> reused) {
        this.fullBecause = fullBecause;
        this.tested = tested;
        this.builtOnly = builtOnly;
        this.stands = stands;
        this.reused = reused;
    }

    static CheckPlan full(String because) {
        return new CheckPlan(because, Map.of(), Set.of(), null, Map.of());
    }

    /**
     * @param tested    each module tested, with why, in reactor order
     * @param builtOnly in reactor order
     */
    static CheckPlan affected(Map<String, String> tested, Set<String> builtOnly) {
        return new CheckPlan(null, new LinkedHashMap<>(tested), new LinkedHashSet<>(builtOnly), null, Map.of());
    }

    /** This plan, said to stand for the lane's check on top of the lanes ahead ({@link IndependentLanes}). */
    CheckPlan standingOnMain(String why) {
        return new CheckPlan(fullBecause, tested, builtOnly, why, reused);
    }

    /**
     * This plan with {@code reused} (modules it built only, or tested ones whose tests passed at the same
     * inputs, each with where its outputs come from) resolved instead of built.
     */
    CheckPlan reusing(Map<String, String> reused) {
        if (reused.isEmpty()) {
            return this;
        }
        Set<String> built = new LinkedHashSet<>(builtOnly);
        built.removeAll(reused.keySet());
        Map<String, String> testing = new LinkedHashMap<>(tested);
        testing.keySet().removeAll(reused.keySet());
        return new CheckPlan(fullBecause, testing, built, stands, new LinkedHashMap<>(reused));
    }

    /** The modules built only for those tested: where stored outputs may stand in for building them. */
    Set<String> builtOnly() {
        return builtOnly;
    }

    /** The modules tested. */
    Set<String> tested() {
        return tested.keySet();
    }

    /** Every module in the reactor: tested or built only (empty for the full build, which keeps all). */
    Set<String> kept() {
        Set<String> kept = new LinkedHashSet<>(tested.keySet());
        kept.addAll(builtOnly);
        return kept;
    }

    boolean isFull() {
        return fullBecause != null;
    }

    /** Whether the module stays in the reactor. */
    boolean keeps(String id) {
        return isFull() || tested.containsKey(id) || builtOnly.contains(id);
    }

    /** Whether the module's tests are skipped: it is built only for the modules on top of it. */
    boolean skipsTests(String id) {
        return !isFull() && builtOnly.contains(id);
    }

    /**
     * One line for the start of a lane's build, e.g. {@code affected: 1 module tested (app), 2 built
     * without tests (parent, shared); changed since origin/main: app/src/main/java/A.java}.
     */
    String summary(String since, List<String> changed) {
        String what = isFull() ? "full build: " + fullBecause
                : count(tested.keySet(), "tested") + ", " + count(builtOnly, "built without tests") + reusedSummary();
        List<String> shown = changed.subList(0, Math.min(SHOWN_PATHS, changed.size()));
        String more = changed.size() > shown.size() ? " and " + (changed.size() - shown.size()) + " more" : "";
        return "affected: " + what + "; changed since " + since + ": " + String.join(", ", shown) + more;
    }

    /** {@code , 1 module reused (shared: built by the main checkout at 3f2a1b9 in 2.1 s without its tests)}; empty if none is. */
    private String reusedSummary() {
        if (reused.isEmpty()) {
            return "";
        }
        List<String> each = new ArrayList<>();
        reused.forEach((id, from) -> each.add(id.substring(id.indexOf(':') + 1) + ": " + from));
        return ", " + reused.size() + (reused.size() == 1 ? " module" : " modules") + " reused (" + String.join("; ", each) + ")";
    }

    private static String count(Set<String> ids, String done) {
        List<String> names = new ArrayList<>();
        ids.forEach(id -> names.add(id.substring(id.indexOf(':') + 1)));
        String modules = ids.size() == 1 ? " module " : " modules ";
        return ids.size() + modules + done + (names.isEmpty() ? "" : " (" + String.join(", ", names) + ")");
    }

    /** The lines land reports, e.g. {@code tested: app (changed: app/src/main/java/A.java)}. */
    List<String> describe() {
        List<String> lines = new ArrayList<>();
        if (isFull()) {
            lines.add("full build: " + fullBecause);
            return lines;
        }
        if (stands != null) {
            lines.add(stands);
        }
        lines.add("affected modules: " + tested.size() + " tested, " + builtOnly.size() + " built without tests"
                + (reused.isEmpty() ? "" : ", " + reused.size() + " reused"));
        tested.forEach((id, why) -> lines.add("tested: " + id + " (" + why + ")"));
        for (String id : builtOnly) {
            lines.add("built without tests: " + id + " (a tested module builds on it)");
        }
        reused.forEach((id, from) -> lines.add("reused: " + id + " (" + from + ")"));
        return lines;
    }
}
