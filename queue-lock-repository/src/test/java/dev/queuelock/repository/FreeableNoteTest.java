package dev.queuelock.repository;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What status counted could be freed, kept for the lanes' builds: read back as written, and a damaged note is no note. */
class FreeableNoteTest {

    @TempDir
    Path state;

    @Test
    void readBackAsWrittenAndSaidWithItsAge() throws Exception {
        new FreeableNote(48_200_000, 1, 31_000_000, 1_000).write(state);

        Optional<FreeableNote> note = FreeableNote.read(state);

        assertThat(note).isPresent();
        assertThat(note.get().text()).isEqualTo("mvn queuelock:prune frees 48.2 MB (1 landed or unused lane(s)); the lanes' build output"
                + " takes 31.0 MB (mvn clean in a lane frees its own)");
        assertThat(FreeableNote.textAsOf(note, 251_000)).startsWith("as status counted 4m 10s ago, mvn queuelock:prune frees 48.2 MB");
        assertThat(FreeSpaceSettings.lowLine("3.2 GB free where the lanes live (/src)", 5, note.get().text()))
                .isEqualTo("FREE SPACE LOW: 3.2 GB free where the lanes live (/src), under 5 GB (queuelock.lanes.lowFreeSpaceGb);"
                        + " mvn queuelock:prune frees 48.2 MB (1 landed or unused lane(s)); the lanes' build output takes 31.0 MB"
                        + " (mvn clean in a lane frees its own)");
        try (var files = Files.list(state)) {
            assertThat(files).as("no temporary file left").containsExactly(state.resolve(StateFolder.FREEABLE));
        }
    }

    @Test
    void aNoteCountedByPruneSaysSoAndAnOlderNoteWithoutItsCounterWasCountedByStatus() throws Exception {
        new FreeableNote(0, 0, 12_000, 1_000, "prune").write(state);

        assertThat(FreeableNote.textAsOf(FreeableNote.read(state), 4_000)).isEqualTo("as prune counted 3s ago, no lane can be pruned now;"
                + " the lanes' build output takes 12 kB (mvn clean in a lane frees its own)");
        Files.writeString(state.resolve(StateFolder.FREEABLE), "pruneBytes=1\npruneLanes=1\noutputBytes=0\ncountedAt=0\n");
        assertThat(FreeableNote.read(state).orElseThrow().countedBy()).isEqualTo("status");
    }

    @Test
    void noNoteOrADamagedOneNamesTheCommandThatCounts() throws Exception {
        assertThat(FreeableNote.read(state)).isEmpty();
        Files.writeString(state.resolve(StateFolder.FREEABLE), "pruneBytes=12\n");

        assertThat(FreeableNote.read(state)).isEmpty();
        assertThat(FreeableNote.textAsOf(Optional.empty(), 0)).isEqualTo(FreeableNote.NOT_COUNTED);
        assertThat(new FreeableNote(0, 0, 0, 0).text()).startsWith("no lane can be pruned now; ");
    }
}
