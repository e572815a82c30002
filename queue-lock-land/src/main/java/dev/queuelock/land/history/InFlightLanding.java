package dev.queuelock.land.history;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.queuelock.land.base.Phase;
import dev.queuelock.land.base.StateEntry;
import dev.queuelock.land.base.StateFiles;
import dev.queuelock.process.ProcessId;
import dev.queuelock.process.ProcessStart;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
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

    // No mapper field: a look at a repository with no landing under way makes none (StateFiles.json()).

    private final Path file;
    private final ObjectNode note = StateFiles.json().createObjectNode();
    private Phase phase;

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
    private static final Set<String> NOTHING_CHANGED_YET = Set.of(Phase.QUEUE_WAIT.toString(), Phase.FETCH.toString());

    /** The note's process runs (the lock's rule, {@link ProcessId#isAlive}). */
    static boolean alive(JsonNode note) {
        return ProcessId.of(note.path("pid").asLong(), note.path("start").textValue()).isAlive();
    }

    /**
     * The lanes with a landing under way: each note whose process still runs, by the lane's name
     * (its worktree's directory name), with a line saying who lands it.
     */
    public static Map<String, String> underWay(Path stateDir) {
        Map<String, String> lanes = new LinkedHashMap<>();
        live(stateDir).forEach((lane, note) -> lanes.put(lane,
                "its lander, pid " + note.path("pid").asLong() + ", landing " + note.path("branch").asText()));
        return lanes;
    }

    /**
     * The notes of the landings under way (their process still runs), by lane: {@code pid},
     * {@code branch}, {@code phase} and {@code since} (epoch ms the phase began).
     */
    public static Map<String, JsonNode> live(Path stateDir) {
        Map<String, JsonNode> lanes = new LinkedHashMap<>();
        try (DirectoryStream<Path> notes = Files.newDirectoryStream(notes(stateDir), "*.json")) {
            for (Path file : notes) {
                JsonNode note = readQuietly(file);
                if (note.path("pid").asLong() > 0 && alive(note)) {
                    String name = file.getFileName().toString();
                    lanes.put(name.substring(0, name.length() - ".json".length()), note);
                }
            }
        } catch (IOException e) {
            // no landing directory: no landing yet
        }
        return lanes;
    }

    /** A note, or an empty one if it cannot be read (every write is atomic, so it is not half written). */
    static JsonNode readQuietly(Path file) {
        try {
            JsonNode note = StateFiles.json().readTree(file.toFile());
            return note == null ? StateFiles.json().createObjectNode() : note;
        } catch (IOException e) {
            return StateFiles.json().createObjectNode();
        }
    }

    /**
     * The message about an earlier land of this lane that died having changed something, if there
     * was one: its note, set aside here for the history, or as another lander set it aside and
     * recorded it ({@link InterruptedLandings}); told once.
     */
    public Optional<String> takeInterrupted() {
        JsonNode old = Files.exists(file) ? readQuietly(file) : null;
        old = old == null || old.path("pid").asLong() <= 0 ? null : old; // unreadable: left alone, as a note it cannot explain
        try {
            if (old != null && alive(old)) {
                return Optional.empty(); // still landing (another process of this lane)
            }
            if (old == null || !InterruptedLandings.setAside(file, true)) {
                old = InterruptedLandings.takeRecorded(file).orElse(null);
            }
        } catch (IOException e) {
            return Optional.empty();
        }
        if (old == null || NOTHING_CHANGED_YET.contains(old.path("phase").asText())) {
            return Optional.empty();
        }
        return Optional.of("the previous land of this lane (pid " + old.path("pid").asLong() + ", branch "
                + old.path("branch").asText() + ") was interrupted during " + old.path("phase").asText()
                + "; nothing was forced or reset: the branch was at " + old.path("head").asText()
                + " before it (git reflog shows every step).");
    }

    /** Phases whose interruption needs no word to the lane's next land. */
    static boolean changedNothing(JsonNode note) {
        return NOTHING_CHANGED_YET.contains(note.path("phase").asText());
    }

    public void start(String branch, String head) {
        note.put("pid", ProcessHandle.current().pid());
        note.put("start", ProcessStart.current());
        note.put("branch", branch);
        note.put("head", head);
        note.put("started", System.currentTimeMillis());
        at(Phase.QUEUE_WAIT);
    }

    /** Records the phase now under way, and how long the one before took; best effort, as the note only explains a crash. */
    public void at(Phase next) {
        long now = System.currentTimeMillis();
        if (phase != null) {
            ObjectNode phases = note.has("phases") ? (ObjectNode) note.get("phases") : note.putObject("phases");
            phases.put(phase.id(), phases.path(phase.id()).asLong() + now - note.path("since").asLong(now));
        }
        phase = next;
        note.put("phase", next.toString());
        note.put("since", now);
        try {
            StateFiles.write(file, note);
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
