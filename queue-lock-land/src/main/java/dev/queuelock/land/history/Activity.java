package dev.queuelock.land.history;

import dev.queuelock.land.base.Outcome;
import dev.queuelock.land.base.Phase;
import dev.queuelock.land.base.StateEntry;
import dev.queuelock.land.git.RepoContext;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * What landings did and when, one JSON object a line in {@code <git common dir>/queuelock/activity.jsonl}
 * ({@link ActivityLine}): each phase as it starts and each end.
 * The landing history keeps how long each phase took; this keeps when, which is what a timeline draws.
 *
 * <p>Written only by landers, appended with {@code O_APPEND} (a line of a few hundred bytes is
 * one write, so lines of concurrent landers do not interleave); read by the watch, which writes
 * nothing. Past {@value #MAX_BYTES} bytes the lander that appends rewrites it to its newer half
 * (atomically; a line appended by another lander at that instant may be lost, never the file).
 * A line that is not whole JSON is skipped.
 */
public final class Activity {

    /** The file's name in the state directory. */
    static final long MAX_BYTES = 256 * 1024;

    private final Path file;

    public Activity(Path stateDir) {
        this.file = StateEntry.ACTIVITY.in(stateDir);
    }

    /** The activity of the repository whose git common directory this is. */
    public static Activity of(Path gitCommonDir) {
        return new Activity(RepoContext.stateDir(gitCommonDir));
    }

    public Path file() {
        return file;
    }

    /** A lane's landing starts {@code phase} now. Best effort: the timeline is not worth failing a landing for. */
    public void phase(String lane, Phase phase) {
        append(ActivityLine.phase(lane, phase, System.currentTimeMillis()));
    }

    /** A lane's landing ended: how, why, and the first failing test if a check failed (or null). */
    public void ended(String lane, Outcome outcome, String reason, String test) {
        append(ActivityLine.ended(lane, outcome, reason, test, System.currentTimeMillis()));
    }

    private void append(ActivityLine line) {
        try {
            Files.createDirectories(file.getParent());
            byte[] bytes = (line.json() + "\n").getBytes(StandardCharsets.UTF_8);
            Files.write(file, bytes, StandardOpenOption.CREATE, StandardOpenOption.APPEND, StandardOpenOption.WRITE,
                    java.nio.file.LinkOption.NOFOLLOW_LINKS);
            if (Files.size(file) > MAX_BYTES) {
                List<ActivityLine> all = read();
                StringBuilder kept = new StringBuilder();
                for (ActivityLine newer : all.subList(all.size() / 2, all.size())) {
                    kept.append(newer.json()).append('\n');
                }
                Path temp = Files.createTempFile(file.getParent(), ".activity.", ".tmp");
                Files.writeString(temp, kept);
                Files.move(temp, file, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            }
        } catch (IOException | RuntimeException e) {
            // no line: the timeline misses a bar, the landing goes on
        }
    }

    /** Every line, oldest first; none if there is no file. */
    public List<ActivityLine> read() {
        List<ActivityLine> lines = new ArrayList<>();
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            for (String text = in.readLine(); text != null; text = in.readLine()) {
                ActivityLine.read(text).ifPresent(lines::add); // a torn or foreign line: skipped
            }
        } catch (NoSuchFileException e) {
            return lines;
        } catch (IOException e) {
            return lines;
        }
        return lines;
    }

    /** The first failing test a refusal's message names ({@code GzipTest.oneLine}), or null. */
    public static String failingTest(String message) {
        if (message == null) {
            return null;
        }
        java.util.regex.Matcher m = FAILING_TEST.matcher(message);
        return m.find() ? m.group(1) : null;
    }

    /** As surefire's summary names a failing test: {@code   GzipTest.oneLine:7 ...} or {@code   Run 1: ...}. */
    private static final java.util.regex.Pattern FAILING_TEST =
            java.util.regex.Pattern.compile("(?m)^\\s+(?:Run \\d+: )?([\\w$.]+\\.[\\w$]+):\\d+");
}
