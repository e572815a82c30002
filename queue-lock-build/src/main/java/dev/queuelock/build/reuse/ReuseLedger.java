package dev.queuelock.build.reuse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Each time a build reused a stored module, kept beside the store ({@code .reused-<UTC day>} in
 * its directory, which trimming leaves alone): when, and the time the module took where it was
 * built, the build that the reuse did not run. One line per reuse, appended whole by one write, so
 * builds at once do not mix their lines; a day's file goes once it is a {@link #KEPT} old.
 */
public final class ReuseLedger {

    /** How long a day's reuses are kept: what status counts back from now, at most. */
    public static final Duration KEPT = Duration.ofDays(8);
    private static final String PREFIX = ".reused-";

    private final Path dir;

    private ReuseLedger(Path dir) {
        this.dir = dir;
    }

    /** The ledger of the store in {@code dir} ({@link ReuseStore#in}). */
    public static ReuseLedger in(Path dir) {
        return new ReuseLedger(dir);
    }

    /** What reuse left unbuilt over a time: how many reuses, and the time the reused modules took where they were built. */
    public static final class Tally {
        private final int reuses;
        private final Duration recorded;
        private final int withTests;

        Tally(int reuses, Duration recorded, int withTests) {
            this.reuses = reuses;
            this.recorded = recorded;
            this.withTests = withTests;
        }

        /** How many times a build reused a stored module. */
        public int reuses() {
            return reuses;
        }

        /** The sum of the reused modules' build times, as recorded where each was built: not a saving measured in the builds that reused them. */
        public Duration recorded() {
            return recorded;
        }

        /** Of the reuses, how many were of a module whose recorded time includes its tests. */
        public int withTests() {
            return withTests;
        }
    }

    /** Notes that a build reused the module {@code record} describes, at {@code at}. */
    public void record(ReuseRecord record, Instant at) throws IOException {
        Path day = dir.resolve(PREFIX + LocalDate.ofInstant(at, ZoneOffset.UTC));
        boolean first = !Files.exists(day);
        String line = at.toEpochMilli() + " " + record.took().toMillis() + " " + (record.withTests() ? 1 : 0) + "\n";
        Files.createDirectories(dir);
        Files.write(day, line.getBytes(StandardCharsets.US_ASCII), StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        if (first) {
            forgetBefore(at.minus(KEPT));
        }
    }

    /** The reuses noted at or after {@code from} (at most {@link #KEPT} back). */
    public Tally since(Instant from) throws IOException {
        int reuses = 0;
        int withTests = 0;
        long millis = 0;
        for (Path day : days()) {
            for (String line : Files.readAllLines(day, StandardCharsets.US_ASCII)) {
                String[] parts = line.split(" ");
                if (parts.length != 3 || !parts[0].chars().allMatch(Character::isDigit) || !parts[1].chars().allMatch(Character::isDigit)) {
                    continue; // a line cut short by a full disk
                }
                if (Long.parseLong(parts[0]) >= from.toEpochMilli()) {
                    reuses++;
                    millis += Long.parseLong(parts[1]);
                    withTests += parts[2].equals("1") ? 1 : 0;
                }
            }
        }
        return new Tally(reuses, Duration.ofMillis(millis), withTests);
    }

    private void forgetBefore(Instant before) throws IOException {
        String oldest = PREFIX + LocalDate.ofInstant(before, ZoneOffset.UTC);
        for (Path day : days()) {
            if (day.getFileName().toString().compareTo(oldest) < 0) {
                Files.deleteIfExists(day);
            }
        }
    }

    private List<Path> days() throws IOException {
        List<Path> days = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return days;
        }
        try (Stream<Path> list = Files.list(dir)) {
            list.filter(p -> p.getFileName().toString().startsWith(PREFIX)).sorted().forEach(days::add);
        }
        return days;
    }
}
