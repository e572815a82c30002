package dev.queuelock.maven.goals;

import dev.queuelock.land.batch.BatchOptions;
import org.apache.maven.api.plugin.testing.InjectMojo;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The same values given the usual way, as -D user properties: they reach the goal through its
 * {@code property = "queuelock.*"} expressions and get our message, not Maven's conversion error
 * or a silent false.
 */
class LandUserPropertiesTest extends HarnessTest {

    @BeforeEach
    void typedOnTheCommandLine() {
        session.getUserProperties().setProperty(BatchOptions.BATCH.name(), "abc");
    }

    @Test
    @InjectMojo(goal = "land")
    void dashDBatchAbcIsRefusedWithOurMessage(LandMojo mojo) throws Exception {
        assertRefused(mojo, "queuelock.land.batch must be a whole number of 1 or more, not 'abc'");
    }
}
