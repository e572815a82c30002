package dev.queuelock.build.slots;

import static dev.queuelock.build.slots.MachineFacts.GB;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.queuelock.process.Processes;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;

/**
 * The machine's facts from {@code /proc/meminfo} and from the JDK (the path a Mac takes). Also run
 * by the module's portable-processes execution, with {@code QUEUELOCK_PROCESSES=portable}.
 */
class MachineFactsTest {

    private static final String MEMINFO = "MemTotal:       24683748 kB\n"
            + "MemFree:        22876076 kB\n"
            + "MemAvailable:   23495580 kB\n"
            + "Buffers:           2048 kB\n"
            + "Cached:          400000 kB\n"
            + "SwapCached:            0 kB\n"
            + "SwapTotal:      2097148 kB\n"
            + "SwapFree:       1048574 kB\n";

    @Test
    void theSourceFollowsTheProcessLayersSwitch() {
        assertThat(FactSource.choose("portable")).isEqualTo(FactSource.PORTABLE);
        assertThat(FactSource.choose(" portable ")).isEqualTo(FactSource.PORTABLE);
        if (Files.isReadable(FactSource.MEMINFO)) {
            assertThat(FactSource.choose(null)).isEqualTo(FactSource.LINUX);
            assertThat(FactSource.choose("linux")).isEqualTo(FactSource.LINUX);
            assertThat(FactSource.choose("bogus")).isEqualTo(FactSource.LINUX);
        }
        String forced = System.getenv(Processes.ENV);
        String expected = "portable".equals(forced) || !Files.isReadable(FactSource.MEMINFO) ? "portable" : "linux";
        assertThat(MachineFacts.current().source()).isEqualTo(expected);
    }

    @Test
    void meminfoGivesTotalAvailableAndSwapInUse() {
        MachineFacts facts = MachineFacts.fromMeminfo(2, MEMINFO);
        assertThat(facts.cores()).isEqualTo(2);
        assertThat(facts.totalBytes()).isEqualTo(24683748L * 1024);
        assertThat(facts.availableBytes()).isEqualTo(23495580L * 1024);
        assertThat(facts.swapUsedBytes()).isEqualTo((2097148L - 1048574L) * 1024);
    }

    @Test
    void aKernelWithoutMemAvailableCountsFreeAndCache() {
        MachineFacts facts = MachineFacts.fromMeminfo(2, MEMINFO.replace("MemAvailable:   23495580 kB\n", ""));
        assertThat(facts.availableBytes()).isEqualTo((22876076L + 400000L) * 1024);
    }

    @Test
    void garbledMeminfoIsUnknownNotWrong() {
        MachineFacts facts = MachineFacts.fromMeminfo(4, "MemTotal: lots\nMemAvailable: 12 MB\n");
        assertThat(facts.totalBytes()).isEqualTo(-1);
        assertThat(facts.availableBytes()).isEqualTo(-1);
        assertThat(facts.swapUsedBytes()).isEqualTo(-1);
    }

    @Test
    void thisMachineOnLinux() {
        assumeTrue(Files.isReadable(FactSource.MEMINFO), "no /proc/meminfo here");
        MachineFacts facts = MachineFacts.read(FactSource.LINUX);
        assertThat(facts.source()).isEqualTo("linux");
        assertSane(facts);
    }

    @Test
    void thisMachineOnThePortablePath() {
        MachineFacts facts = MachineFacts.read(FactSource.PORTABLE);
        assertThat(facts.source()).isEqualTo("portable");
        assertSane(facts);
        if (Files.isReadable(FactSource.MEMINFO)) {
            MachineFacts linux = MachineFacts.read(FactSource.LINUX);
            // The same machine either way; the JDK's "free" leaves out the cache, so it is the lower.
            assertThat((double) facts.totalBytes()).isCloseTo(linux.totalBytes(), org.assertj.core.data.Percentage.withPercentage(5));
            assertThat(facts.availableBytes()).isLessThanOrEqualTo(linux.availableBytes() + GB);
        }
    }

    @Test
    void aDescribedMachineIsAsDescribed() {
        MachineFacts laptop = MachineFacts.described(2, 8 * GB, 5 * GB);
        assertThat(laptop).hasToString("2 cores, 8.0 GB, 5.0 GB available, 0.0 GB swap in use (described)");
    }

    private static void assertSane(MachineFacts facts) {
        assertThat(facts.cores()).isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(facts.totalBytes()).isGreaterThan(256L << 20);
        assertThat(facts.availableBytes()).isPositive().isLessThanOrEqualTo(facts.totalBytes());
        assertThat(facts.swapUsedBytes()).isGreaterThanOrEqualTo(0);
    }
}
