package dev.queuelock.land.history;

import dev.queuelock.land.base.Outcome;
import dev.queuelock.land.base.Phase;
import dev.queuelock.land.git.RepoContext;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Landings whose lander died before it finished ({@code kill -9}, a crash): the note it kept
 * ({@link InFlightLanding}) outlives it. Each gets one line in the landing history (outcome
 * {@code interrupted}), an end in the activity file and an {@code interrupted} event, from the next
 * lander to hold the land queue: the one that takes the queue over from the dead lander, and the
 * only writer of the history. A watch or status, which write nothing, only stop showing it.
 *
 * <p>Once: a dead lander's note is taken by renaming it into {@code landing/interrupted/} (one
 * rename, one taker: the next land of its lane, or the land queue's holder), then recorded there by
 * the land queue's holder alone. A note of another lane that changed something stays there, marked
 * recorded, until the next land of its lane tells its user ({@link InFlightLanding#takeInterrupted})
 * or for {@value #KEPT_DAYS} days. A lander that died while merely queued held nothing and changed
 * nothing: its note is dropped unrecorded.
 */
public final class InterruptedLandings {

    private static final String SET_ASIDE = "interrupted";
    /** Between the lane's name and what makes a set-aside note's name unique. */
    private static final String LANE_END = ".json.";
    private static final String RECORDED = ".recorded";
    /** Set aside by the next land of its own lane, which told its user already. */
    private static final String TOLD = ".told";
    static final int KEPT_DAYS = 30;

    private final Path stateDir;
    private final LandHistory history;
    private final LandingEvents events;

    public InterruptedLandings(Path commonDir, LandingEvents events) {
        this.stateDir = RepoContext.stateDir(commonDir);
        this.history = new LandHistory(commonDir);
        this.events = events;
    }

    /**
     * Sets a dead lander's note aside for the history; false if another took it first, or if what
     * was taken turned out to be a live lander's (a new land of the lane wrote it meanwhile: put back).
     */
    static boolean setAside(Path note, boolean told) throws IOException {
        Path aside = note.resolveSibling(SET_ASIDE).resolve(note.getFileName() + "." + ProcessHandle.current().pid() + "-"
                + System.nanoTime() + (told ? TOLD : ""));
        Files.createDirectories(aside.getParent());
        try {
            Files.move(note, aside, StandardCopyOption.ATOMIC_MOVE);
        } catch (NoSuchFileException e) {
            return false;
        }
        if (LandingNote.read(aside).alive()) {
            try {
                Files.move(aside, note, StandardCopyOption.ATOMIC_MOVE); // fails if its lander wrote a newer one meanwhile
            } catch (IOException e) {
                Files.deleteIfExists(aside);
            }
            return false;
        }
        return true;
    }

    /** Takes the newest recorded note of the lane whose note this is, set aside by another lander, to tell it. */
    static Optional<LandingNote> takeRecorded(Path note) throws IOException {
        String prefix = note.getFileName() + ".";
        LandingNote newest = null;
        try (DirectoryStream<Path> aside = Files.newDirectoryStream(note.resolveSibling(SET_ASIDE), prefix + "*" + RECORDED)) {
            for (Path file : aside) {
                LandingNote read = LandingNote.read(file);
                if (Files.deleteIfExists(file) && (newest == null || read.since() > newest.since())) {
                    newest = read;
                }
            }
        } catch (NoSuchFileException e) {
            return Optional.empty();
        }
        return Optional.ofNullable(newest);
    }

    /**
     * Holding the land queue: records every landing whose lander died and was not recorded yet,
     * and returns the lines recorded. Best effort: a history is not worth failing a landing for.
     *
     * @param ownLane the recorder's lane: its own note was told already
     */
    public List<LandRun> record(String ownLane) {
        Path notes = InFlightLanding.notes(stateDir);
        try (DirectoryStream<Path> all = Files.newDirectoryStream(notes, "*.json")) {
            for (Path note : all) {
                LandingNote read = LandingNote.read(note);
                if (read.pid() > 0 && !read.alive()) {
                    setAside(note, false);
                }
            }
        } catch (IOException e) {
            // no landing directory: nothing to record
        }
        List<LandRun> runs = new ArrayList<>();
        List<String> messages = new ArrayList<>();
        try (DirectoryStream<Path> aside = Files.newDirectoryStream(notes.resolve(SET_ASIDE))) {
            for (Path file : aside) {
                String name = file.getFileName().toString();
                if (name.endsWith(RECORDED)) {
                    forgetIfOld(file);
                    continue;
                }
                LandingNote note = LandingNote.read(file);
                String lane = name.contains(LANE_END) ? name.substring(0, name.lastIndexOf(LANE_END)) : "";
                boolean tell = !name.endsWith(TOLD) && !lane.equals(ownLane) && !InFlightLanding.changedNothing(note);
                if (!(tell ? moved(file, file.resolveSibling(name + RECORDED)) : Files.deleteIfExists(file))) {
                    continue; // taken by the lane's own land meanwhile
                }
                if (!lane.isEmpty() && note.pid() > 0 && !note.isIn(Phase.QUEUE_WAIT)) {
                    runs.add(run(lane, note));
                    messages.add(message(runs.get(runs.size() - 1), note));
                }
            }
        } catch (IOException e) {
            // none set aside, or the rest are recorded by the next holder
        }
        if (runs.isEmpty()) {
            return runs;
        }
        try {
            history.appendAll(runs);
        } catch (IOException e) {
            return List.of(); // the events alone would tell of a line the history lacks
        }
        for (int i = 0; i < runs.size(); i++) {
            events.interrupted(runs.get(i), messages.get(i));
        }
        return runs;
    }

    private static boolean moved(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
            return true;
        } catch (NoSuchFileException e) {
            return false;
        }
    }

    /** A recorded note whose lane was not landed again for {@value #KEPT_DAYS} days: nobody is left to tell. */
    private static void forgetIfOld(Path file) throws IOException {
        try {
            if (Files.getLastModifiedTime(file).toInstant().isBefore(Instant.now().minus(Duration.ofDays(KEPT_DAYS)))) {
                Files.deleteIfExists(file);
            }
        } catch (NoSuchFileException e) {
            // told meanwhile
        }
    }

    /**
     * Its line: ended at its last sign of life (the start of the phase it died in; when it died is
     * not known), with the phases it finished.
     */
    private static LandRun run(String lane, LandingNote note) {
        long lastSign = note.since();
        return new LandRun(Instant.ofEpochMilli(lastSign).toString(), lane, note.branch(), null,
                Outcome.INTERRUPTED, Math.max(0, lastSign - note.started()), note.phases(), 0, null);
    }

    private static String message(LandRun run, LandingNote note) {
        return "the land of " + run.lane + " (" + run.branch + ", pid " + note.pid() + ") was interrupted during "
                + note.phaseWords() + ": its process ended without finishing; the branch was at "
                + note.head() + " before it. Run land again in that lane.";
    }
}
