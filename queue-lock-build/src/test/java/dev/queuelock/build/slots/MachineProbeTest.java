package dev.queuelock.build.slots;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.nio.file.Files;
import org.junit.jupiter.api.Test;

/** Reading the machine: the Linux files' formats, and the portable path on this machine. */
class MachineProbeTest {

    @Test
    void readsSomeAvg10OfAPressureFile() {
        String cpu = "some avg10=54.48 avg60=41.60 avg300=44.50 total=7826638344\nfull avg10=0.00 avg60=0.00 avg300=0.00 total=0\n";
        assertThat(LinuxProbe.someAvg10(cpu)).isEqualTo(54.48);
        assertThat(LinuxProbe.someAvg10("full avg10=3.00 avg60=0 avg300=0 total=0\nsome avg10=1.25 avg60=0\n")).isEqualTo(1.25);
        assertThat(LinuxProbe.someAvg10("garbage")).isEqualTo(-1);
        assertThat(LinuxProbe.someAvg10("some avg10=x avg60=1")).isEqualTo(-1);
    }

    @Test
    void readsTheOneMinuteLoad() {
        assertThat(LinuxProbe.loadOf("7.10 6.52 5.01 4/812 12345\n")).isEqualTo(7.1);
        assertThat(LinuxProbe.loadOf("")).isEqualTo(-1);
    }

    @Test
    void readsTheFiveMinuteLoadAndTheTasksRunningNowLeavingOutTheReader() {
        assertThat(LinuxProbe.average("7.10 6.52 5.01 4/812 12345\n", 1)).isEqualTo(6.52);
        assertThat(LinuxProbe.runningOf("7.10 6.52 5.01 4/812 12345\n")).isEqualTo(3);
        assertThat(LinuxProbe.runningOf("0.00 0.01 0.05 1/90 7\n")).isZero();
        assertThat(LinuxProbe.runningOf("7.10 6.52")).isEqualTo(-1);
        assertThat(LinuxProbe.runningOf("7.10 6.52 5.01 x/812 1")).isEqualTo(-1);
        assertThat(LinuxProbe.average("7.10", 1)).isEqualTo(-1);
    }

    @Test
    void thePortablePathReportsTheLoadAverageAndNoPressure() {
        MachineProbe probe = MachineProbe.of(FactSource.choose("portable"));
        assertThat(probe).isInstanceOf(PortableProbe.class);
        MachinePressure pressure = probe.pressure();
        assertThat(pressure.reported()).isFalse();
        assertThat(pressure.source()).isEqualTo("portable");
        assertThat(pressure.load()).isGreaterThanOrEqualTo(0); // the JDK reads it on Linux and macOS
        assertThat(pressure.toString()).startsWith("no pressure reported (portable); load ").doesNotContain("running now");
        assertThat(pressure.runningNow()).isEqualTo(-1); // the JDK tells only the one-minute load
        assertThat(probe.facts().source()).isEqualTo("portable");
    }

    @Test
    void linuxWithPressureFilesReportsAllThree() {
        assumeThat(FactSource.choose(null)).isEqualTo(FactSource.LINUX);
        assumeThat(Files.isReadable(LinuxProbe.PRESSURE.resolve("cpu"))).isTrue();
        MachinePressure pressure = MachineProbe.of(FactSource.LINUX).pressure();
        assertThat(pressure.reported()).isTrue();
        assertThat(pressure.source()).isEqualTo("linux");
        assertThat(pressure.load()).isGreaterThanOrEqualTo(0);
        assertThat(pressure.toString()).startsWith("pressure: cpu some ").contains(" (5 min: ").contains(" running now");
        assertThat(pressure.runningNow()).isGreaterThanOrEqualTo(0);
        assertThat(pressure.load5()).isGreaterThanOrEqualTo(0);
    }
}
