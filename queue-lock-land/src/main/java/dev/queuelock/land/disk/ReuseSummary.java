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
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the store of modules' outputs holds and what reuse left unbuilt today (since the machine's
 * midnight) and over the last {@link #WINDOW}, as status and the watch show it. What reuse left unbuilt is the time each reused module took
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
    private final ReuseLedger.Tally today;

    private ReuseSummary(long bytes, int modules, int capMegabytes, ReuseLedger.Tally tally, ReuseLedger.Tally today) {
        this.bytes = bytes;
        this.modules = modules;
        this.capMegabytes = capMegabytes;
        this.tally = tally;
        this.today = today;
    }

    /**
     * The store of the clone whose git common directory is {@code commonDir}, as of {@code now}.
     *
     * @param capMegabytes the store's cap as a build here is given it ({@link ReuseSettings#STORE_MEGABYTES})
     */
    public static ReuseSummary of(Path commonDir, Instant now, int capMegabytes) throws IOException {
        return of(commonDir, now, ZoneId.systemDefault(), capMegabytes);
    }

    /** The same, "today" being the day of {@code now} in {@code zone}. */
    public static ReuseSummary of(Path commonDir, Instant now, ZoneId zone, int capMegabytes) throws IOException {
        Path dir = StateFolder.of(commonDir).resolve(StateFolder.REUSE);
        ReuseStore store = ReuseStore.in(dir);
        ReuseLedger ledger = ReuseLedger.in(dir);
        Instant midnight = LocalDate.ofInstant(now, zone).atStartOfDay(zone).toInstant();
        return new ReuseSummary(store.size(), store.modules(), capMegabytes, ledger.since(now.minus(WINDOW)), ledger.since(midnight));
    }

    /**
     * {@code reuse store: 120.4 MB of at most 2048 MB, 34 modules; reused today: 3 modules, 1m 02s of recorded
     * build time not run again; in the last 7 days: 12 modules, 6m 03s (each module's time where it was built, 4 of
     * them with its tests)}.
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
        String todays = today.reuses() == 0 ? "none"
                : modules(today.reuses()) + ", " + Durations.format(today.recorded()) + " of recorded build time not run again";
        return held + "; reused today: " + todays + "; in the last " + WINDOW.toDays() + " days: " + modules(tally.reuses()) + ", "
                + Durations.format(tally.recorded()) + " (each module's time where it was built, " + tests + ")";
    }

    private static String modules(int count) {
        return count + (count == 1 ? " module" : " modules");
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
        json.put("reusesToday", today.reuses());
        json.put("recordedBuildMillisToday", today.recorded().toMillis());
        json.put("text", line());
        return json;
    }
}
