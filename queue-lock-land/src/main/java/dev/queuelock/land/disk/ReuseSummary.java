package dev.queuelock.land.disk;

import dev.queuelock.Durations;
import dev.queuelock.build.ReuseSettings;
import dev.queuelock.build.reuse.ReuseLedger;
import dev.queuelock.build.reuse.ReuseStore;
import dev.queuelock.land.base.DiskCount;
import dev.queuelock.repository.StateFolder;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the store of modules' outputs holds and what reuse left unbuilt over the last
 * {@link #WINDOW}, as status shows it. What reuse left unbuilt is the time each reused module took
 * where it was built, as recorded there (its tests' time included where they ran): the builds that
 * reused it did not measure what they would have taken, so it is named as recorded time, not as time saved.
 */
public final class ReuseSummary {

    /** How far back status counts reuses. */
    public static final Duration WINDOW = Duration.ofDays(7);

    private final long bytes;
    private final int modules;
    private final int capMegabytes;
    private final ReuseLedger.Tally tally;

    private ReuseSummary(long bytes, int modules, int capMegabytes, ReuseLedger.Tally tally) {
        this.bytes = bytes;
        this.modules = modules;
        this.capMegabytes = capMegabytes;
        this.tally = tally;
    }

    /**
     * The store of the clone whose git common directory is {@code commonDir}, as of {@code now}.
     *
     * @param capMegabytes the store's cap as a build here is given it ({@link ReuseSettings#STORE_MEGABYTES})
     */
    public static ReuseSummary of(Path commonDir, Instant now, int capMegabytes) throws IOException {
        Path dir = StateFolder.of(commonDir).resolve(StateFolder.REUSE);
        ReuseStore store = ReuseStore.in(dir);
        return new ReuseSummary(store.size(), store.modules(), capMegabytes, ReuseLedger.in(dir).since(now.minus(WINDOW)));
    }

    /**
     * {@code reuse store: 120.4 MB of at most 2048 MB, 34 modules; 12 modules reused in the last 7 days:
     * 6m 03s of recorded build time not run again (each module's time where it was built, 4 of them with its tests)}.
     */
    public String line() {
        String held = "reuse store: " + DiskCount.format(bytes) + (capMegabytes == 0 ? "" : " of at most " + capMegabytes + " MB")
                + ", " + modules + (modules == 1 ? " module" : " modules");
        if (capMegabytes == 0) {
            return held + "; off here (" + ReuseSettings.STORE_MEGABYTES_KEY + "=0: nothing is stored or reused)";
        }
        if (tally.reuses() == 0) {
            return held + "; nothing reused in the last " + WINDOW.toDays() + " days";
        }
        String tests = tally.withTests() == 0 ? "without tests" : tally.withTests() + " of them with its tests";
        return held + "; " + tally.reuses() + (tally.reuses() == 1 ? " module" : " modules") + " reused in the last " + WINDOW.toDays()
                + " days: " + Durations.format(tally.recorded()) + " of recorded build time not run again (each module's time where it was built, "
                + tests + ")";
    }

    /** The same for the status JSON's {@code reuse} key. */
    public Map<String, Object> json() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("bytes", bytes);
        json.put("modules", modules);
        json.put("capMegabytes", capMegabytes);
        json.put("windowDays", WINDOW.toDays());
        json.put("reuses", tally.reuses());
        json.put("recordedBuildMillis", tally.recorded().toMillis());
        json.put("reusesTimedWithTests", tally.withTests());
        json.put("text", line());
        return json;
    }
}
