package dev.queuelock.maven.extension.reuse;

import java.util.List;

/**
 * How far through Maven's default lifecycle a build's goals go: whether it packages (so there is
 * something to store), and which of a module's tests it runs, from the last phase its goals reach: {@code test} and {@code package} run its unit tests, {@code integration-test} and
 * after its integration tests too. A module stored with its tests stands in for a module a build
 * would test only where its build went at least as far: a {@code package}'s pass is no pass for a
 * {@code verify}, whose integration tests it never ran.
 */
public final class LifecyclePhases {

    /** The default lifecycle's phases from {@code test} on, in order. */
    private static final List<String> PHASES = List.of("test", "prepare-package", "package", "pre-integration-test",
            "integration-test", "post-integration-test", "verify", "install", "deploy");
    /** The phase after which no more tests run: a build through it ran all a module's tests. */
    private static final String ALL_TESTS = "verify";

    private LifecyclePhases() {
    }

    /** Whether {@code goals} reach the {@code package} phase, so the build made what can be stored for reuse. */
    public static boolean packages(List<String> goals) {
        String last = of(goals);
        return last != null && PHASES.indexOf(last) >= PHASES.indexOf("package");
    }

    /** The last lifecycle phase of {@code goals} from {@code test} on; null if none (a plugin goal alone, or before {@code test}). */
    static String of(List<String> goals) {
        int last = -1;
        for (String goal : goals) {
            last = Math.max(last, PHASES.indexOf(goal));
        }
        return last < 0 ? null : PHASES.get(last);
    }

    /** Whether a module's tests that passed in a build through {@code stored} stand for those of a build through {@code wanted}. */
    static boolean covers(String stored, String wanted) {
        if (stored == null || wanted == null) {
            return false; // which tests ran, or would run, cannot be told
        }
        int needed = Math.min(PHASES.indexOf(wanted), PHASES.indexOf(ALL_TESTS));
        return PHASES.indexOf(stored) >= needed;
    }
}
