package dev.queuelock.build;

import java.util.List;

/**
 * The user properties that make surefire and failsafe run a failing test again: land sets them on
 * its check builds. They decide how tests are run, not what is built, so a module's reuse key
 * leaves them out.
 */
public final class TestReruns {

    /** How often surefire runs a failing test again. */
    public static final String SUREFIRE = "surefire.rerunFailingTestsCount";
    /** How often failsafe runs a failing test again. */
    public static final String FAILSAFE = "failsafe.rerunFailingTestsCount";
    /** Both, as land sets them and reuse reads them. */
    public static final List<String> ALL = List.of(SUREFIRE, FAILSAFE);

    private TestReruns() {
    }
}
