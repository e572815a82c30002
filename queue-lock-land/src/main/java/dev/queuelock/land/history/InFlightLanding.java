package dev.queuelock.land.history;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.queuelock.land.base.Phase;
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
 * which process, which branch, the lane's commit before it started and the phase it is in. A land
 * killed with {@code kill -9} cannot clean up; the next land of the lane finds the note of a dead
 * process and tells the user what was interrupted and where their commits are. While its process
 * runs, the note keeps its lane from being pruned ({@link #underWay}).
 */
public final class InFlightLanding {

    private static final ObjectMapper JSON = StateFiles.json();

    private final Path file;
    private final ObjectNode note = JSON.createObjectNode();

    public InFlightLanding(Path stateDir, String lane) {
        this.file = stateDir.resolve("landing").resolve(lane + ".json");
    }

    /**
     * Phases in which a land changes nothing in the lane (queued, or fetching into the remote-tracking
     * ref): one stopped there, e.g. by Ctrl-C while queued, needs no explaining.
     */
    private static final Set<String> NOTHING_CHANGED_YET = Set.of(Phase.QUEUE_WAIT.toString(), Phase.FETCH.toString());

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
        try (DirectoryStream<Path> notes = Files.newDirectoryStream(stateDir.resolve("landing"), "*.json")) {
            for (Path file : notes) {
                JsonNode note = readQuietly(file);
                ProcessId lander = ProcessId.of(note.path("pid").asLong(), note.path("start").textValue());
                if (lander.pid() > 0 && lander.isAlive()) {
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
    private static JsonNode readQuietly(Path file) {
        try {
            JsonNode note = JSON.readTree(file.toFile());
            return note == null ? JSON.createObjectNode() : note;
        } catch (IOException e) {
            return JSON.createObjectNode();
        }
    }

    /** The message about an earlier land of this lane that died having changed something, if there was one; forgets it. */
    public Optional<String> takeInterrupted() {
        try {
            JsonNode old = JSON.readTree(file.toFile());
            if (old == null || ProcessId.of(old.path("pid").asLong(), old.path("start").textValue()).isAlive()) {
                return Optional.empty(); // none, or still landing (another process of this lane)
            }
            Files.deleteIfExists(file);
            if (NOTHING_CHANGED_YET.contains(old.path("phase").asText())) {
                return Optional.empty();
            }
            return Optional.of("the previous land of this lane (pid " + old.path("pid").asLong() + ", branch "
                    + old.path("branch").asText() + ") was interrupted during " + old.path("phase").asText()
                    + "; nothing was forced or reset: the branch was at " + old.path("head").asText()
                    + " before it (git reflog shows every step).");
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    public void start(String branch, String head) {
        note.put("pid", ProcessHandle.current().pid());
        note.put("start", ProcessStart.current());
        note.put("branch", branch);
        note.put("head", head);
        at(Phase.QUEUE_WAIT);
    }

    /** Records the phase now under way; best effort, as the note only explains a crash. */
    public void at(Phase phase) {
        note.put("phase", phase.toString());
        note.put("since", System.currentTimeMillis());
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
