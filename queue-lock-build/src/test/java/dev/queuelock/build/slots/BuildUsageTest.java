package dev.queuelock.build.slots;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A build's usage measured on Linux ({@code /proc/self}) and on the portable path (the JDK's
 * beans), in this JVM: the portable path is what a Mac takes, and it does not see forks.
 */
class BuildUsageTest {

    @Test
    void cpuTimesAreCountedAfterTheCommandHoweverItIsNamed() {
        String stat = "4242 (java (x) y) S 1 4242 4242 0 -1 4194560 100 0 0 0 250 50 30 20 20 0 31 0 12345 0 0";
        assertThat(FactSource.linuxCpuTicks(stat)).isEqualTo(250 + 50 + 30 + 20);
    }

    @Test
    void onLinuxTheProcessAndTheChildrenItWaitedForCount() throws Exception {
        assumeTrue(Files.isReadable(FactSource.SELF_STAT), "no /proc/self/stat here");
        BuildUsage.Start linux = BuildUsage.start(FactSource.LINUX);
        BuildUsage.Start portable = BuildUsage.start(FactSource.PORTABLE);
        Process child = new ProcessBuilder("sh", "-c", "i=0; while [ $i -lt 400000 ]; do i=$((i+1)); done").start();
        assertThat(child.waitFor()).isZero();
        BuildUsage withChildren = BuildUsage.measureSince(linux);
        BuildUsage ownOnly = BuildUsage.measureSince(portable);
        long childCpu = withChildren.cpu().toMillis() - ownOnly.cpu().toMillis();
        assertThat(childCpu).as("the child's CPU: %s vs %s", withChildren, ownOnly).isGreaterThan(100);
        assertThat(withChildren.source()).isEqualTo("linux");
        assertThat(withChildren.peakBytes()).isGreaterThan(16L << 20);
        assertThat(withChildren.complete()).isTrue();
    }

    @Test
    void linuxTicksAgreeWithTheJvmsOwnCpuClock() {
        assumeTrue(Files.isReadable(FactSource.SELF_STAT), "no /proc/self/stat here");
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        long before = os.getProcessCpuTime();
        BuildUsage.Start linux = BuildUsage.start(FactSource.LINUX);
        spin(Duration.ofMillis(300));
        long linuxCpu = BuildUsage.measureSince(linux).cpu().toMillis();
        long jvmCpu = (os.getProcessCpuTime() - before) / 1_000_000;
        assertThat(jvmCpu).isGreaterThan(50);
        assertThat(linuxCpu).as("10 ms ticks vs the JVM's nanoseconds").isBetween(jvmCpu - 60, jvmCpu + 60);
    }

    @Test
    void thePortablePathMeasuresTheJvm() {
        BuildUsage.Start start = BuildUsage.start(FactSource.PORTABLE);
        spin(Duration.ofMillis(150));
        BuildUsage usage = BuildUsage.measureSince(start);
        assertThat(usage.source()).isEqualTo("portable");
        assertThat(usage.wall()).isGreaterThanOrEqualTo(Duration.ofMillis(150));
        assertThat(usage.cpu().toMillis()).isPositive();
        assertThat(usage.peakBytes()).as("the memory pools' peaks").isGreaterThan(8L << 20);
        assertThat(usage.startEpochMillis()).isCloseTo(System.currentTimeMillis(), org.assertj.core.data.Offset.offset(10_000L));
        assertThat(usage.complete()).isTrue();
    }

    @Test
    void busyCoresAreCpuOverWall() {
        BuildUsage usage = BuildUsage.described(1L, Duration.ofSeconds(100), 2.5, 3L << 30);
        assertThat(usage.cpu()).isEqualTo(Duration.ofSeconds(250));
        assertThat(usage.coresBusy()).isEqualTo(2.5);
        assertThat(usage).hasToString("held 100 s, CPU 250 s (2.5 cores busy), peak 3.0 GB (described)");
    }

    private static void spin(Duration cpu) {
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long until = threads.getCurrentThreadCpuTime() + cpu.toNanos();
        long sink = 0;
        while (threads.getCurrentThreadCpuTime() < until) {
            for (int i = 0; i < 10_000; i++) {
                sink += i * 31L ^ sink;
            }
        }
        assertThat(sink).isNotEqualTo(42);
    }
}
