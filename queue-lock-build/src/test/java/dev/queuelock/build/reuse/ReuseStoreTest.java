package dev.queuelock.build.reuse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The store keeps a module's files and who built them under its key, whole or not at all, and the first to store wins. */
class ReuseStoreTest {

    private static final String KEY = "ab".repeat(32);

    @TempDir
    Path work;

    @Test
    void storedOutputsAreFoundUnderTheirKeyAsCopiesWithTheirRecord() throws Exception {
        Path jar = Files.writeString(work.resolve("core-1.0-SNAPSHOT.jar"), "jar");
        Path pom = Files.writeString(work.resolve("pom.xml"), "<project/>");
        ReuseStore store = ReuseStore.in(work.resolve("common/queuelock/reuse"));
        ReuseRecord record = new ReuseRecord("the main checkout", "3f2a1b9c0d", Duration.ofMillis(40_250), Instant.now(), false);

        assertThat(store.find(KEY)).isEmpty();
        assertThat(store.put(KEY, record, List.of(new ReuseStore.Output("", "jar", jar), new ReuseStore.Output("", "pom", pom)))).isTrue();
        Files.writeString(jar, "rebuilt in place");

        ReuseStore.Entry entry = store.find(KEY).orElseThrow();
        assertThat(entry.record().describe()).isEqualTo("built by the main checkout at 3f2a1b9 in 40.2 s without its tests");
        assertThat(entry.outputs()).extracting(ReuseStore.Output::extension).containsExactly("jar", "pom");
        assertThat(entry.outputs().get(0).file()).as("a copy, not the build's file").hasContent("jar");
        assertThat(entry.outputs().get(0).file()).startsWith(work.resolve("common/queuelock/reuse/" + KEY));

        assertThat(store.put(KEY, new ReuseRecord("lane x", "1", Duration.ZERO, Instant.now(), true), List.of(new ReuseStore.Output("", "jar", jar))))
                .as("the first stored stays").isFalse();
        assertThat(store.find(KEY).orElseThrow().record().builtBy()).isEqualTo("the main checkout");
        try (Stream<Path> left = Files.list(work.resolve("common/queuelock/reuse"))) {
            assertThat(left).as("no temporary directory left").containsExactly(work.resolve("common/queuelock/reuse/" + KEY));
        }
    }

    @Test
    void anEntryWithoutItsRecordOrAFileIsNotFound() throws Exception {
        ReuseStore store = ReuseStore.in(work.resolve("common/queuelock/reuse"));
        Files.createDirectories(work.resolve("common/queuelock/reuse/" + KEY));
        assertThat(store.find(KEY)).isEmpty();
    }

    @Test
    void trimmingRemovesTheEntriesUsedLongestAgoUntilTheStoreFits() throws Exception {
        ReuseStore store = ReuseStore.in(work.resolve("common/queuelock/reuse"));
        Path jar = Files.write(work.resolve("core.jar"), new byte[1000]);
        ReuseRecord record = new ReuseRecord("the main checkout", "3f2a1b9", Duration.ofSeconds(1), Instant.now(), false);
        String older = "01".repeat(32);
        String used = "02".repeat(32);
        String newer = "03".repeat(32);
        for (String key : List.of(older, used, newer)) {
            store.put(key, record, List.of(new ReuseStore.Output("", "jar", jar)));
        }
        Path entries = work.resolve("common/queuelock/reuse");
        Files.setLastModifiedTime(entries.resolve(older), java.nio.file.attribute.FileTime.fromMillis(1_000));
        Files.setLastModifiedTime(entries.resolve(used), java.nio.file.attribute.FileTime.fromMillis(2_000));
        Files.setLastModifiedTime(entries.resolve(newer), java.nio.file.attribute.FileTime.fromMillis(3_000));
        store.find(used); // found: now the most recently used
        long one = store.size() / 3;

        assertThat(store.trim(2 * one)).isEqualTo(2 * one);
        assertThat(store.find(older)).as("used longest ago").isEmpty();
        assertThat(store.find(used)).isPresent();
        assertThat(store.find(newer)).isPresent();
        assertThat(store.trim(0)).isZero();
        try (Stream<Path> left = Files.list(entries)) {
            assertThat(left).as("nothing left aside").isEmpty();
        }
    }

    @Test
    void aKeyIsNeverAPath() {
        ReuseStore store = ReuseStore.in(work.resolve("common/queuelock/reuse"));
        assertThatThrownBy(() -> store.find("../../etc")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void testsRunInTheTimeAreNotCalledASaving() {
        ReuseRecord record = new ReuseRecord("lane shop-2", "3f2a1b9c0d", Duration.ofMillis(52_000), Instant.now(), true);
        assertThat(record.describe()).isEqualTo("built by lane shop-2 at 3f2a1b9 in 52.0 s with its tests");
    }
}
