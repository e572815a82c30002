package dev.queuelock.build.reuse;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The ledger counts the reuses since a time with the build time each reused module recorded, and forgets old days. */
class ReuseLedgerTest {

    private static final Instant NOW = Instant.parse("2026-12-07T20:00:00Z");

    @TempDir
    Path store;

    @Test
    void theReusesSinceATimeAreCountedWithTheirRecordedBuildTime() throws Exception {
        ReuseLedger ledger = ReuseLedger.in(store);
        ledger.record(record(Duration.ofSeconds(30), false), NOW.minus(Duration.ofDays(6)));
        ledger.record(record(Duration.ofMillis(40_200), false), NOW.minus(Duration.ofHours(1)));
        ledger.record(record(Duration.ofSeconds(80), true), NOW);

        ReuseLedger.Tally week = ledger.since(NOW.minus(Duration.ofDays(7)));
        assertThat(week.reuses()).isEqualTo(3);
        assertThat(week.recorded()).isEqualTo(Duration.ofMillis(150_200));
        assertThat(week.withTests()).isEqualTo(1);
        assertThat(ledger.since(NOW.minus(Duration.ofDays(1))).reuses()).isEqualTo(2);
    }

    @Test
    void aDayOlderThanTheLedgerKeepsGoesWhenANewDayBegins() throws Exception {
        ReuseLedger ledger = ReuseLedger.in(store);
        ledger.record(record(Duration.ofSeconds(1), false), NOW.minus(Duration.ofDays(20)));
        ledger.record(record(Duration.ofSeconds(1), false), NOW.minus(Duration.ofDays(3)));
        ledger.record(record(Duration.ofSeconds(1), false), NOW);
        try (Stream<Path> days = Files.list(store)) {
            assertThat(days.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder(".reused-2026-12-04", ".reused-2026-12-07");
        }
    }

    @Test
    void aLineCutShortIsLeftOutAndAnEmptyStoreCountsNothing() throws Exception {
        ReuseLedger ledger = ReuseLedger.in(store.resolve("none-yet"));
        assertThat(ledger.since(NOW.minus(Duration.ofDays(7))).reuses()).isZero();
        Files.writeString(store.resolve(".reused-2026-12-07"), NOW.toEpochMilli() + " 1000 0\n" + NOW.toEpochMilli() + " 20");
        assertThat(ReuseLedger.in(store).since(NOW.minus(Duration.ofDays(7))).reuses()).isEqualTo(1);
    }

    private static ReuseRecord record(Duration took, boolean withTests) {
        return new ReuseRecord("the main checkout", "3f2a1b9", took, NOW, withTests);
    }
}
