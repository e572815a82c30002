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
        ReuseStore store = ReuseStore.of(work.resolve("common"));
        ReuseRecord record = new ReuseRecord("the main checkout", "3f2a1b9c0d", Duration.ofMillis(40_250), Instant.now(), false);

        assertThat(store.find(KEY)).isEmpty();
        assertThat(store.put(KEY, record, List.of(new ReuseStore.Output("", "jar", jar), new ReuseStore.Output("", "pom", pom)))).isTrue();
        Files.writeString(jar, "rebuilt in place");

        ReuseStore.Entry entry = store.find(KEY).orElseThrow();
        assertThat(entry.record().describe()).isEqualTo("built by the main checkout at 3f2a1b9, 40.2 s saved");
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
        ReuseStore store = ReuseStore.of(work.resolve("common"));
        Files.createDirectories(work.resolve("common/queuelock/reuse/" + KEY));
        assertThat(store.find(KEY)).isEmpty();
    }

    @Test
    void aKeyIsNeverAPath() {
        ReuseStore store = ReuseStore.of(work.resolve("common"));
        assertThatThrownBy(() -> store.find("../../etc")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void testsRunInTheTimeAreNotCalledASaving() {
        ReuseRecord record = new ReuseRecord("lane shop-2", "3f2a1b9c0d", Duration.ofMillis(52_000), Instant.now(), true);
        assertThat(record.describe()).isEqualTo("built by lane shop-2 at 3f2a1b9 in 52.0 s with its tests");
    }
}
