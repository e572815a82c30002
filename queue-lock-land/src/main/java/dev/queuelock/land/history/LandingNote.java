package dev.queuelock.land.history;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.queuelock.land.base.Phase;
import dev.queuelock.land.base.StateFiles;
import dev.queuelock.land.base.StateRecords;
import dev.queuelock.process.ProcessId;
import dev.queuelock.process.ProcessStart;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The note a lander keeps of its landing ({@code <git common dir>/queuelock/landing/<lane>.json},
 * {@link InFlightLanding}): its process, the branch and the lane's commit before it started, when it
 * started, the phase it is in since when, and how long the phases before took. Read and written here
 * only, for the lander, the next land of the lane, the history's record of an interrupted landing
 * and the watch.
 */
public final class LandingNote {

    /** What an unreadable or missing note reads as: no process, so nobody's landing. */
    static final LandingNote NONE = new LandingNote(0, null, null, null, 0, null, 0, Map.of());

    private final long pid;
    /** The process's start as {@link ProcessStart} tells it, so a reused pid is not taken for the lander. */
    private final String start;
    private final String branch;
    private final String head;
    private final long started;
    /** Null for a phase this version does not know (a newer lander's). */
    private final Phase phase;
    private final long since;
    /** The phases before this one by {@link Phase#id()}, in milliseconds. */
    private final Map<String, Long> phases;

    private LandingNote(long pid, String start, String branch, String head, long started, Phase phase, long since,
                        Map<String, Long> phases) {
        this.pid = pid;
        this.start = start;
        this.branch = branch;
        this.head = head;
        this.started = started;
        this.phase = phase;
        this.since = since;
        Map<String, Long> finished = new LinkedHashMap<>();
        phases.forEach((id, millis) -> finished.put(id, millis == null ? 0L : millis));
        this.phases = Collections.unmodifiableMap(finished);
    }

    /** This process starts landing {@code branch}, at {@code head}: queued from {@code now}. */
    static LandingNote starting(String branch, String head, long now) {
        return new LandingNote(ProcessHandle.current().pid(), ProcessStart.current(), branch, head, now, Phase.QUEUE_WAIT,
                now, Map.of());
    }

    /** A note of process {@code pid} in {@code phase} since {@code since}, nothing else known: a view's landing as a test gives it. */
    public static LandingNote of(long pid, Phase phase, long since) {
        return new LandingNote(pid, null, null, null, 0, phase, since, Map.of());
    }

    /** The same landing in phase {@code next} from {@code now}, the time of the phase it leaves added to the phases before. */
    LandingNote at(Phase next, long now) {
        Map<String, Long> before = new LinkedHashMap<>(phases);
        if (phase != null) {
            before.merge(phase.id(), now - since, Long::sum);
        }
        return new LandingNote(pid, start, branch, head, started, next, now, before);
    }

    /** The note's lander: 0 for none (an unreadable note). */
    public long pid() {
        return pid;
    }

    /** Its lander still runs (the lock's rule, {@link ProcessId#isAlive}). */
    public boolean alive() {
        return pid > 0 && ProcessId.of(pid, start).isAlive();
    }

    public String branch() {
        return branch;
    }

    /** The lane's commit before the landing began. */
    String head() {
        return head;
    }

    /** When the landing began; a note from before this was kept: when its phase began. */
    long started() {
        return started > 0 ? started : since;
    }

    /** The phase it is in; empty for one this version does not know. */
    public Optional<Phase> phase() {
        return Optional.ofNullable(phase);
    }

    /** Whether it is in {@code phase}. */
    public boolean isIn(Phase phase) {
        return this.phase == phase;
    }

    /** The phase as messages name it ("queue wait"). */
    public String phaseWords() {
        return phase == null ? "a phase this version does not know" : phase.toString();
    }

    /** When the phase it is in began (epoch ms). */
    public long since() {
        return since;
    }

    /** The phases it finished, by {@link Phase#id()}, in milliseconds. */
    Map<String, Long> phases() {
        return phases;
    }

    /** Writes it to {@code file}, replacing it atomically. */
    void write(Path file) throws IOException {
        ObjectNode note = StateFiles.json().createObjectNode();
        note.put("pid", pid).put("start", start).put("branch", branch).put("head", head).put("started", started);
        if (!phases.isEmpty()) {
            ObjectNode finished = note.putObject("phases");
            phases.forEach(finished::put);
        }
        note.put("phase", phase == null ? null : phase.toString()).put("since", since);
        StateFiles.write(file, note);
    }

    /** The note in {@code file}, or {@link #NONE} if it cannot be read (every write is atomic, so it is not half written). */
    static LandingNote read(Path file) {
        try {
            return StateRecords.readOne(file, LandingNote::read);
        } catch (IOException | RuntimeException e) {
            return NONE;
        }
    }

    private static LandingNote read(JsonParser parser) throws IOException {
        Fields f = new Fields();
        StateRecords.fields(parser, name -> f.take(name, parser));
        return new LandingNote(f.pid, f.start, f.branch, f.head, f.started, f.phase, f.since,
                f.phases == null ? Map.of() : f.phases);
    }

    /** The fields as read so far, by the names {@link #write} gives them. */
    private static final class Fields {
        long pid;
        String start;
        String branch;
        String head;
        long started;
        Phase phase;
        long since;
        Map<String, Long> phases;

        boolean take(String name, JsonParser parser) throws IOException {
            switch (name) {
                case "pid": pid = StateRecords.number(parser); return true;
                case "start": start = StateRecords.text(parser); return true;
                case "branch": branch = StateRecords.text(parser); return true;
                case "head": head = StateRecords.text(parser); return true;
                case "started": started = StateRecords.number(parser); return true;
                case "phase": phase = Phase.named(StateRecords.text(parser)).orElse(null); return true;
                case "since": since = StateRecords.number(parser); return true;
                case "phases": phases = StateRecords.numbers(parser); return true;
                default: return false;
            }
        }
    }
}
