package dev.queuelock.land.checks;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;

/** One flaky run of a test in a land check: it failed, then passed when run again. */
public final class FlakyTest {

    /** The test, e.g. {@code shop.app.CheckoutTest.paysTheTotal}. */
    public final String test;
    /** The lane whose check it was, or {@code batch} for a batch's. */
    public final String lane;
    /** When, ISO-8601. */
    public final String time;
    /** The check's log. */
    public final String log;

    @JsonCreator
    public FlakyTest(@JsonProperty("test") String test, @JsonProperty("lane") String lane, @JsonProperty("time") String time,
            @JsonProperty("log") String log) {
        this.test = test;
        this.lane = lane;
        this.time = time;
        this.log = log;
    }
}
