package dev.queuelock.build.reuse;

import java.time.Duration;
import java.time.Instant;

/** Who built a stored module's outputs, at which commit, when, and how long building it took: what its reuse saves. */
public final class ReuseRecord {

    private final String builtBy;
    private final String commit;
    private final Duration took;
    private final Instant at;
    private final boolean withTests;
    /** The last build phase its build went through (e.g. {@code verify}): which of its tests ran; null if not known. */
    private final String through;

    /**
     * @param builtBy who built it, for people: {@code the main checkout}, {@code lane shop-2}
     * @param commit  the commit checked out there (its uncommitted changes are in the key)
     * @param took    how long the module took to build
     * @param at      when it was stored
     * @param withTests whether its tests ran in that time: then the time is not what a build without them saves
     */
    public ReuseRecord(String builtBy, String commit, Duration took, Instant at, boolean withTests) {
        this(builtBy, commit, took, at, withTests, null);
    }

    /**
     * @param through the last build phase its build went through ({@code package}, {@code verify}): a
     *                {@code package} ran its unit tests, not its integration tests; null if not known
     */
    public ReuseRecord(String builtBy, String commit, Duration took, Instant at, boolean withTests, String through) {
        this.builtBy = builtBy;
        this.commit = commit;
        this.took = took;
        this.at = at;
        this.withTests = withTests;
        this.through = through;
    }

    public String builtBy() {
        return builtBy;
    }

    public String commit() {
        return commit;
    }

    public Duration took() {
        return took;
    }

    public Instant at() {
        return at;
    }

    public boolean withTests() {
        return withTests;
    }

    /** The last build phase its build went through; null if not known. */
    public String through() {
        return through;
    }

    /**
     * {@code built by the main checkout at 3f2a1b9 in 40.2 s without its tests}: what the module took
     * where it was built, not a saving measured here (installing the stored copy costs too).
     */
    public String describe() {
        String seconds = took.toMillis() / 1000 + "." + took.toMillis() % 1000 / 100 + " s";
        return "built by " + builtBy + " at " + (commit.length() > 7 ? commit.substring(0, 7) : commit)
                + " in " + seconds + (withTests ? " with its tests" : " without its tests");
    }
}
