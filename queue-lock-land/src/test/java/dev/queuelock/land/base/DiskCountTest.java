package dev.queuelock.land.base;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A tree's bytes and its build output's, symlinks not followed, cut short at a deadline and saying so. */
class DiskCountTest {

    @TempDir
    Path tmp;

    @Test
    void buildOutputOfEveryModuleIsCountedApartAndALinkedPathWhereItLives() throws Exception {
        Path lane = Files.createDirectories(tmp.resolve("lane"));
        write(lane.resolve("pom.xml"), 1_000);
        write(lane.resolve("target/classes/A.class"), 300_000);
        write(lane.resolve("app/src/main/java/App.java"), 2_000);
        write(lane.resolve("app/target/app.jar"), 40_000);
        write(lane.resolve("api/sub/target/x/y/z.bin"), 5_000);
        Path shared = write(tmp.resolve("shared/big.bin"), 900_000);
        Files.createSymbolicLink(lane.resolve("node_modules"), shared.getParent());

        DiskCount count = DiskCount.of(lane, Long.MAX_VALUE);

        assertThat(count.bytes()).as("the files, and the link itself, not what it links to").isBetween(348_000L, 349_000L);
        assertThat(count.outputBytes()).isEqualTo(345_000);
        assertThat(count.complete()).isTrue();
        assertThat(DiskCount.format(count.outputBytes())).isEqualTo("345 kB");
        assertThat(DiskCount.format(12_400_000)).isEqualTo("12.4 MB");
        assertThat(DiskCount.format(3_100_000_000L)).isEqualTo("3.1 GB");
    }

    @Test
    void aCountPastItsDeadlineIsALowerBoundAndSaysSo() throws Exception {
        Path lane = Files.createDirectories(tmp.resolve("lane"));
        write(lane.resolve("target/a.bin"), 10_000);

        DiskCount cut = DiskCount.of(lane, 0);

        assertThat(cut.complete()).isFalse();
        assertThat(cut.bytes()).isLessThan(10_000);
        assertThat(DiskCount.of(tmp.resolve("gone"), Long.MAX_VALUE).complete()).as("nothing there: nothing to count").isTrue();
    }

    static Path write(Path file, int bytes) throws Exception {
        Files.createDirectories(file.getParent());
        return Files.write(file, new byte[bytes]);
    }
}
