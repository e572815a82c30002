package dev.queuelock.land.watch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a check's log and plan, as a check build writes them, say of its modules. */
class CheckProgressTest {

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss-SSS").withZone(ZoneOffset.UTC);
    private static final long SINCE = 1_764_720_000_000L;

    @TempDir
    Path logs;

    private Path log(String name, long at) {
        return logs.resolve(name + "-" + stamp(at) + ".log");
    }

    /** As check logs are stamped. */
    static String stamp(long at) {
        return STAMP.format(Instant.ofEpochMilli(at));
    }

    static void append(Path file, String... lines) throws IOException {
        Files.write(file, (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8), StandardOpenOption.CREATE,
                StandardOpenOption.APPEND);
    }

    static String[] module(String id, String name, int at, int of) {
        return new String[] {"[INFO] ---------------------< " + id + " >---------------------",
            "[INFO] Building " + name + " 1.0-SNAPSHOT                                  [" + at + "/" + of + "]",
            "[INFO] --------------------------------[ jar ]---------------------------------"};
    }

    static void plan(Path log) throws IOException {
        Files.write(log.resolveSibling(log.getFileName() + ".plan"), java.util.List.of("affected modules: 2 tested, 1 built without tests",
                "tested: com.example:app (changed: app/src/main/java/A.java)", "tested: com.example:api (app builds on it)",
                "built without tests: com.example:parent (a tested module builds on it)"), StandardCharsets.UTF_8);
    }

    @Test
    void modulesAreDoneAsTheNextStartsAndAllOnceTheBuildEnds() throws IOException {
        CheckProgress progress = new CheckProgress(logs);
        Path log = log("lane-x", SINCE + 300);
        append(log, "[INFO] Scanning for projects...");
        assertThat(progress.of("lane-x", SINCE, false)).as("nothing planned or started yet").isEmpty();

        plan(log);
        append(log, "[INFO] Land check: tested: com.example:app");
        assertThat(progress.of("lane-x", SINCE, false)).contains("0 of 3 modules done");

        append(log, module("com.example:parent", "parent", 1, 3));
        append(log, module("com.example:api", "api", 2, 3));
        append(log, "[INFO] Tests run: 4, Failures: 0, Errors: 0, Skipped: 0", "[INFO] half a line wi");
        assertThat(progress.of("lane-x", SINCE, false)).contains("1 of 3 modules done (parent built)");

        append(log, module("com.example:app", "app", 3, 3));
        assertThat(progress.of("lane-x", SINCE, false)).contains("2 of 3 modules done (api tested; parent built)");

        append(log, "[INFO] ------------------------------------------------------------------------", "[INFO] BUILD SUCCESS");
        assertThat(progress.of("lane-x", SINCE, false)).contains("3 of 3 modules done (api, app tested; parent built)");
    }

    @Test
    void onlyThisPhasesLogCountsAndABatchsOnlyForItsLeader() throws IOException {
        CheckProgress progress = new CheckProgress(logs);
        Path earlier = log("lane-x", SINCE - 60_000);
        append(earlier, module("com.example:app", "app", 1, 2));
        append(earlier, module("com.example:api", "api", 2, 2));
        append(log("lane-x-2", SINCE + 10), module("com.example:other", "other", 1, 1)); // another lane whose name begins alike
        assertThat(progress.of("lane-x", SINCE, false)).as("a log of an earlier landing").isEmpty();

        Path batch = log("batch", SINCE + 500);
        append(batch, module("com.example:app", "app", 1, 2));
        assertThat(progress.of("lane-x", SINCE, false)).as("not the leader of a batch").isEmpty();
        assertThat(progress.of("lane-x", SINCE, true)).contains("0 of 2 modules done");

        Path speculative = log("speculative-2", SINCE + 900);
        append(speculative, module("com.example:app", "app", 1, 1));
        append(speculative, "[INFO] BUILD FAILURE");
        assertThat(progress.of("lane-x", SINCE, true)).as("the newest of the batch's checks").contains("1 of 1 module done (app)");
    }
}
