package dev.queuelock.maven.extension;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.repository.FreeSpaceSettings;
import dev.queuelock.repository.FreeableNote;
import dev.queuelock.repository.StateFolder;
import dev.queuelock.testsupport.TestGit;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A lane's build says when free space is under {@code queuelock.lanes.lowFreeSpaceGb}, naming what the
 * last status counted could be freed and the command; above it, or at 0, it says nothing.
 */
class LowSpaceLineTest {

    @TempDir
    Path dir;

    @Test
    void underTheThresholdItSaysWhatStatusCountedCanBeFreedAndTheCommand() throws Exception {
        Path main = repository();
        new FreeableNote(48_200_000, 1, 31_000_000, 1_000).write(StateFolder.of(main.resolve(".git")));

        String line = LowSpaceLine.line(main, threshold("100000"), null, 61_000).orElseThrow();

        assertThat(line).matches("FREE SPACE LOW: [0-9.]+ [kMG]B free where the lanes live \\(" + java.util.regex.Pattern.quote(
                dir.toString()) + "\\), under 100000 GB \\(queuelock.lanes.lowFreeSpaceGb\\); as status counted 1m 00s ago,"
                + " mvn queuelock:prune frees 48.2 MB \\(1 landed or unused lane\\(s\\)\\); the lanes' build output takes 31.0 MB"
                + " \\(mvn clean in a lane frees its own\\)");
    }

    @Test
    void withoutANoteItNamesTheCommandThatCountsAndAtZeroOrAboveItSaysNothing() throws Exception {
        Path main = repository();

        assertThat(LowSpaceLine.line(main, threshold("100000"), null, 0)).hasValueSatisfying(line -> assertThat(line)
                .endsWith("; mvn queuelock:status says what mvn queuelock:prune would free; mvn clean in a lane frees its build output"));
        assertThat(LowSpaceLine.line(main, threshold("0"), null, 0)).isEmpty();
        assertThat(LowSpaceLine.line(main, threshold("1"), null, 0)).as("more than 1 GB free where tests run").isEmpty();
        assertThat(LowSpaceLine.line(main, threshold("lots"), null, 0)).as("refused by status, not by the build").isEmpty();
    }

    /** A repository {@code shop} in the test's directory: its state folder is where status keeps the note. */
    private Path repository() throws Exception {
        Path main = Files.createDirectories(dir.resolve("shop"));
        TestGit.git(main, "init", "-q");
        return main;
    }

    private static Properties threshold(String gb) {
        Properties user = new Properties();
        user.setProperty(FreeSpaceSettings.LOW_FREE_SPACE_GB.name(), gb);
        return user;
    }
}
