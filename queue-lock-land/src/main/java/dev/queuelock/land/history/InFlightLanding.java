package dev.queuelock.land.history;

import dev.queuelock.land.base.Phase;
import dev.queuelock.land.base.StateEntry;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A note of the landing under way in a lane ({@code <git common dir>/queuelock/landing/<lane>.json}):
 * which process, which branch, the lane's commit before it started, when it started, the phase it
 * is in and how long the phases before took. A land killed with {@code kill -9} cannot clean up; the
 * next land of the lane finds the note of a dead process and tells the user what was interrupted
 * and where their commits are, and the next lander to hold the land queue records it in the
 * history ({@link InterruptedLandings}). While its process runs, the note keeps its lane from being
 * pruned ({@link #underWay}).
 */
public final class InFlightLanding {

    private final Path file;
    private LandingNote note = LandingNote.NONE;

    public InFlightLanding(Path stateDir, String lane) {
        this.file = notes(stateDir).resolve(lane + ".json");
    }

    /** The directory of the notes, one per lane with a landing under way. */
    static Path notes(Path stateDir) {
        return StateEntry.LANDINGS.in(stateDir);
    }

    /**
     * Phases in which a land changes nothing in the lane (queued, or fetching into the remote-tracking
     * ref): one stopped there, e.g. by Ctrl-C while queued, needs no explaining.
     */
    private static final Set<Phase> NOTHING_CHANGED_YET = EnumSet.of(Phase.QUEUE_WAIT, Phase.FETCH);

    /**
     * The lanes with a landing under way: each note whose process still runs, by the lane's name
     * (its worktree's directory name), with a line saying who lands it.
     */
    public static Map<String, String> underWay(Path stateDir) {
        Map<String, String> lanes = new LinkedHashMap<>();
        live(stateDir).forEach((lane, note) -> lanes.put(lane, "its lander, pid " + note.pid() + ", landing " + note.branch()));
        return lanes;
    }

    /** The notes of the landings under way (their process still runs), by lane. */
    public static Map<String, LandingNote> live(Path stateDir) {
        Map<String, LandingNote> lanes = new LinkedHashMap<>();
        try (DirectoryStream<Path> notes = Files.newDirectoryStream(notes(stateDir), "*.json")) {
            for (Path file : notes) {
                LandingNote note = LandingNote.read(file);
                if (note.alive()) {
                    String name = file.getFileName().toString();
                    lanes.put(name.substring(0, name.length() - ".json".length()), note);
                }
            }
        } catch (IOException e) {
            // no landing directory: no landing yet
        }
        return lanes;
    }

    /**
     * The message about an earlier land of this lane that died having changed something, if there
     * was one: its note, set aside here for the history, or as another lander set it aside and
     * recorded it ({@link InterruptedLandings}); told once.
     */
    public Optional<String> takeInterrupted() {
        LandingNote old = Files.exists(file) ? LandingNote.read(file) : null;
        old = old == null || old.pid() <= 0 ? null : old; // unreadable: left alone, as a note it cannot explain
        try {
            if (old != null && old.alive()) {
                return Optional.empty(); // still landing (another process of this lane)
            }
            if (old == null || !InterruptedLandings.setAside(file, true)) {
                old = InterruptedLandings.takeRecorded(file).orElse(null);
            }
        } catch (IOException e) {
            return Optional.empty();
        }
        if (old == null || changedNothing(old)) {
            return Optional.empty();
        }
        return Optional.of("the previous land of this lane (pid " + old.pid() + ", branch "
                + old.branch() + ") was interrupted during " + old.phaseWords()
                + "; nothing was forced or reset: the branch was at " + old.head()
                + " before it (git reflog shows every step).");
    }

    /** Phases whose interruption needs no word to the lane's next land. */
    static boolean changedNothing(LandingNote note) {
        return note.phase().map(NOTHING_CHANGED_YET::contains).orElse(false);
    }

    public void start(String branch, String head) {
        note = LandingNote.starting(branch, head, System.currentTimeMillis());
        write();
    }

    /** Records the phase now under way, and how long the one before took; best effort, as the note only explains a crash. */
    public void at(Phase next) {
        note = note.at(next, System.currentTimeMillis());
        write();
    }

    private void write() {
        try {
            note.write(file);
        } catch (IOException e) {
            // no note: a crash would go unexplained, nothing else
        }
    }

    public void finish() {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // a stale note of a live-then-dead pid is reported once and removed next time
        }
    }
}
