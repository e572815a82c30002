package dev.queuelock.repository.changes;

import static dev.queuelock.testsupport.GitFixture.commit;
import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.testsupport.GitFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 56: which worktrees change the same files, and whether their commits would conflict, from real git. */
class ChangeForecastTest {

    @TempDir
    Path tmp;

    @Test
    void uncommittedEditsOfOneFileOverlapAndAThirdWorktreeOnOtherFilesIsInNone() throws Exception {
        GitFixture repo = repo();
        Map<String, Path> lanes = lanes(repo, "a", "b", "c");
        Files.writeString(lanes.get("a").resolve("shared.txt"), "a's edit\n");
        Files.writeString(lanes.get("b").resolve("shared.txt"), "b's edit\n");
        Files.writeString(lanes.get("c").resolve("other.txt"), "c's own\n");

        Map<String, WorktreeChanges> changes = read(lanes);
        List<Overlap> overlaps = ChangeForecast.judged(ChangeForecast.overlaps(changes), lanes, changes, objects(repo));

        assertThat(overlaps).extracting(Overlap::describe).containsExactly("a and b both change shared.txt");
        assertThat(overlaps.get(0).conflict).as("uncommitted work is not merged on trial").isNull();
        assertThat(overlaps).noneMatch(o -> o.names("c"));
    }

    @Test
    void commitsEditingTheSameLinesConflictAndCommitsEditingOtherLinesMergeCleanlyAndNothingIsWrittenToTheRepository()
            throws Exception {
        GitFixture repo = repo();
        Map<String, Path> lanes = lanes(repo, "a", "b", "c");
        commit(lanes.get("a"), "shared.txt", "one, by a\ntwo\nthree\nfour\nfive\nsix\n", "a");
        commit(lanes.get("b"), "shared.txt", "one, by b\ntwo\nthree\nfour\nfive\nsix\n", "b");
        commit(lanes.get("c"), "shared.txt", "one\ntwo\nthree\nfour\nfive\nsix, by c\n", "c");
        List<Path> objectsBefore = objectFiles(repo);

        Map<String, WorktreeChanges> changes = read(lanes);
        List<Overlap> overlaps = ChangeForecast.judged(ChangeForecast.overlaps(changes), lanes, changes, objects(repo));

        assertThat(overlaps).extracting(Overlap::describe).containsExactly(
                "a and b both change shared.txt; their commits would conflict in shared.txt",
                "a and c both change shared.txt; their commits merge cleanly",
                "b and c both change shared.txt; their commits merge cleanly");
        assertThat(overlaps.get(0).conflict.conflicts()).isTrue();
        assertThat(objectFiles(repo)).as("the trial merges wrote no object into the repository").isEqualTo(objectsBefore);
    }

    private GitFixture repo() throws Exception {
        GitFixture repo = new GitFixture(tmp);
        commit(repo.main, "shared.txt", "one\ntwo\nthree\nfour\nfive\nsix\n", "shared");
        GitFixture.git(repo.main, "push", "--quiet", "origin", "main");
        GitFixture.git(repo.main, "fetch", "--quiet", "origin");
        return repo;
    }

    private static Map<String, Path> lanes(GitFixture repo, String... names) {
        Map<String, Path> lanes = new LinkedHashMap<>();
        for (String name : names) {
            lanes.put(name, repo.lane(name));
        }
        return lanes;
    }

    private static Map<String, WorktreeChanges> read(Map<String, Path> lanes) throws InterruptedException {
        return ChangeForecast.read(lanes, lane -> WorktreeChanges.of(lane, new Properties()));
    }

    private static Path objects(GitFixture repo) {
        return repo.main.resolve(".git").resolve("objects");
    }

    private static List<Path> objectFiles(GitFixture repo) throws Exception {
        try (Stream<Path> files = Files.walk(objects(repo))) {
            return files.filter(Files::isRegularFile).sorted().collect(Collectors.toList());
        }
    }
}
