package dev.queuelock.land.watch;

import dev.queuelock.LockRecord;
import dev.queuelock.land.history.LandRun;
import dev.queuelock.land.history.LandingNote;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The watch where its output is not a terminal: one line per change, as {@code tail -f} shows a
 * log. A line names who holds, who waits, what lands in which phase, each lane's state, low free
 * space and the last landing; times held are left out of the comparison, so the clock alone prints nothing.
 */
public final class ChangeLine {

    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss.SSS").withZone(ZoneId.systemDefault());

    private String last = "";

    /** The line to print for this look, or null if nothing shown changed since the last. */
    public String next(WatchModel m) {
        String now = summary(m);
        if (now.equals(last)) {
            return null;
        }
        last = now;
        return CLOCK.format(Instant.ofEpochMilli(m.now)) + " " + now;
    }

    static String summary(WatchModel m) {
        StringBuilder line = new StringBuilder();
        line.append("build ").append(m.build.holders().size()).append('/').append(m.build.slots()).append(": ")
                .append(names(m.build.holders())).append("; waiting: ").append(names(m.build.waiters()));
        line.append(" | land: ");
        for (LockRecord h : m.land.holders()) {
            LandingNote note = m.landing.get(h.lane());
            List<String> said = new ArrayList<>();
            if (note != null) {
                said.add(note.phaseWords());
            }
            said.addAll(m.underWay.of(h.lane()));
            line.append(h.lane()).append(said.isEmpty() ? "" : " (" + String.join("; ", said) + ")").append(' ');
        }
        line.append("queued: ").append(names(m.land.waiters()));
        LandQueuePlace places = m.places(); // its estimate reads no clock: it changes with the queue and the history only
        for (int i = 0; i < m.land.waiters().size(); i++) {
            line.append(" | ").append(m.land.waiters().get(i).lane()).append(": ").append(places.line(i));
        }
        if (!m.lanes.isEmpty()) {
            line.append(" | lanes: ").append(m.lanes.stream().map(l -> WatchModel.name(l) + " " + m.state(l))
                    .collect(Collectors.joining(", ")));
        }
        if (m.pause != null) {
            line.append(" | land queue paused by ").append(m.pause.by).append(": ").append(m.pause.reason);
        }
        m.overlaps.forEach(overlap -> line.append(" | overlap: ").append(overlap.describe()));
        m.disk.lowSpace().ifPresent(low -> line.append(" | ").append(low));
        if (!m.landings.isEmpty()) {
            LandRun run = m.landings.get(m.landings.size() - 1);
            line.append(" | last: ").append(run.lane).append(' ').append(run.outcome().id());
        }
        return line.toString();
    }

    private static String names(List<LockRecord> records) {
        return records.isEmpty() ? "none" : records.stream().map(LockRecord::lane).collect(Collectors.joining(", "));
    }
}
