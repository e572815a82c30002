package dev.queuelock.land.checks;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.queuelock.land.base.StateEntry;
import dev.queuelock.land.base.StateFiles;
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
 * so neither's runs are lost.
 */
public final class FlakyTests {

    public static final int MAX_RUNS = 200;

    private final Path file;

    public FlakyTests(Path gitCommonDir) {
        this.file = StateEntry.FLAKY_TESTS.of(gitCommonDir);
    }

    public List<FlakyTest> read() {
        try {
            List<FlakyTest> runs = StateFiles.read(file, new TypeReference<List<FlakyTest>>() { });
            return runs == null ? List.of() : runs;
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
