package dev.queuelock.land.checks;

import com.fasterxml.jackson.core.JsonParser;
import dev.queuelock.land.base.StateEntry;
import dev.queuelock.land.base.StateFiles;
import dev.queuelock.land.base.StateRecords;
import dev.queuelock.land.git.RepoContext;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The flaky test runs of a repository's land checks, in {@code <git common dir>/queuelock/
 * flaky-tests.json}: the last {@value #MAX_RUNS}, replaced atomically, a corrupt file read as
 * empty (as the landing history). Checks run side by side may end at the same moment, each in
 * its own process: a record is added under the file's write lock ({@link StateFiles#changeLocked}),
 * so neither's runs are lost. Read with the streaming parser ({@link StateRecords}: status reads it at
 * every look), written with the mapper ({@link StateFiles}).
 */
public final class FlakyTests {

    public static final int MAX_RUNS = 200;

    private final Path file;

    public FlakyTests(Path gitCommonDir) {
        this.file = StateEntry.FLAKY_TESTS.of(gitCommonDir);
    }

    public List<FlakyTest> read() {
        try {
            return StateRecords.read(file, FlakyTests::run);
        } catch (IOException e) {
            return List.of();
        }
    }

    public void record(List<FlakyTest> added) throws IOException {
        StateFiles.changeLocked(file, () -> {
            List<FlakyTest> runs = new ArrayList<>(read());
            runs.addAll(added);
            StateFiles.write(file, runs.subList(Math.max(0, runs.size() - MAX_RUNS), runs.size()));
        });
    }

    /** The run whose object the parser is at, field by field as the writer names them. */
    private static FlakyTest run(JsonParser parser) throws IOException {
        String[] fields = new String[4]; // test, lane, time, log
        StateRecords.fields(parser, name -> {
            int i = List.of("test", "lane", "time", "log").indexOf(name);
            if (i >= 0) {
                fields[i] = StateRecords.text(parser);
            }
            return i >= 0;
        });
        return new FlakyTest(fields[0], fields[1], fields[2], fields[3]);
    }

    /** The {@code n} tests flaky most often, with how often: for {@code status}. */
    public Map<String, Long> flakiest(int n) {
        Map<String, Long> counts = new LinkedHashMap<>();
        read().forEach(run -> counts.merge(run.test, 1L, Long::sum));
        Map<String, Long> top = new LinkedHashMap<>();
        counts.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder())).limit(n)
                .forEach(e -> top.put(e.getKey(), e.getValue()));
        return top;
    }
}
