package dev.queuelock.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.OptionalDouble;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One fixture build's outcome. Times to a result are the harness's (process start to exit, {@link Clock});
 * the wait for the lock is read from the build's own log, whose lines carry the Maven JVM's wall-clock
 * time to the millisecond: from the extension's first waiting line (printed as the build enrolls
 * behind a busy queue) to its "Build lock acquired" line. A build that found a free slot waited 0; a
 * build that skipped the queue has no wait. CPU and peak memory come from GNU time around {@code mvn}:
 * user + system time of Maven and every process it waited for (the surefire fork), and the largest
 * resident set of any one of them.
 *
 * @param lane           the lane that built
 * @param startNanos     the harness's clock as the process started
 * @param endNanos       the harness's clock as it exited
 * @param waitMs         the wait for a slot, NaN when the build took no lock
 * @param cpuSeconds     user + system CPU of the build's process tree
 * @param peakRssMb      the largest process's peak resident set
 * @param slotsSeen      the number of slots the build's waiting lines name ("2 of 3 slots busy"), 0 if it never waited
 */
record SlotBuild(String lane, long startNanos, long endNanos, double waitMs, double cpuSeconds, double peakRssMb,
        int slotsSeen) {

    private static final Pattern STAMP = Pattern.compile("(\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}[^ ]*) \\[[A-Z]+\\] (.*)");
    private static final String ACQUIRED = "Build lock acquired";
    private static final String WAITING = "Build queue:";
    private static final Pattern SLOTS_BUSY = Pattern.compile("\\d+ of (\\d+) slots busy");

    /** Seconds from {@code zeroNanos} (the round's start) to this build's result. */
    double resultSeconds(long zeroNanos) {
        return (endNanos - zeroNanos) / 1e9;
    }

    double durationSeconds() {
        return (endNanos - startNanos) / 1e9;
    }

    /** Cores busy on average over the build's life. */
    double cores() {
        return cpuSeconds / durationSeconds();
    }

    /** Reads a finished build's log and GNU time's {@code "%e %U %S %M"} line. */
    static SlotBuild read(String lane, long startNanos, long endNanos, Path log, Path time) {
        try {
            String[] t = Files.readString(time, StandardCharsets.UTF_8).trim().split("\\s+");
            double cpu = Double.parseDouble(t[t.length - 3]) + Double.parseDouble(t[t.length - 2]);
            double rssMb = Double.parseDouble(t[t.length - 1]) / 1024;
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return new SlotBuild(lane, startNanos, endNanos, waitMs(lines), cpu, rssMb, slotsSeen(lines));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (RuntimeException e) {
            throw new BenchException("cannot read " + time + " (GNU time's output): " + e.getMessage());
        }
    }

    /** The wait from the log's time stamps: NaN when no lock was taken (the queue skipped). */
    static double waitMs(List<String> log) {
        OffsetDateTime firstWaiting = null;
        for (String line : log) {
            Matcher m = STAMP.matcher(line);
            if (!m.find()) {
                continue;
            }
            String text = m.group(2);
            if (text.startsWith(WAITING) && firstWaiting == null) {
                firstWaiting = parse(m.group(1));
            } else if (text.startsWith(ACQUIRED)) {
                return firstWaiting == null ? 0 : java.time.Duration.between(firstWaiting, parse(m.group(1))).toNanos() / 1e6;
            }
        }
        return Double.NaN;
    }

    /**
     * The most slots any waiting line of {@code log} names; 1 if it waited behind a single slot (whose
     * lines name no count); 0 if it never waited.
     */
    static int slotsSeen(List<String> log) {
        int most = 0;
        for (String line : log) {
            Matcher m = SLOTS_BUSY.matcher(line);
            if (m.find()) {
                most = Math.max(most, Integer.parseInt(m.group(1)));
            } else if (line.contains(WAITING) && (line.contains(" ahead;") || line.contains("next up;"))) {
                most = Math.max(most, 1);
            }
        }
        return most;
    }

    private static OffsetDateTime parse(String stamp) {
        try {
            return OffsetDateTime.parse(stamp);
        } catch (DateTimeParseException e) {
            throw new BenchException("unexpected time stamp in a build log: " + stamp);
        }
    }

    static OptionalDouble meanWaitMs(List<SlotBuild> builds) {
        return builds.stream().mapToDouble(SlotBuild::waitMs).filter(w -> !Double.isNaN(w)).average();
    }
}
