package dev.queuelock.land.watch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.LockRecord;
import dev.queuelock.QueueSnapshot;
import dev.queuelock.land.base.Phase;
import dev.queuelock.build.slots.BuildUsage;
import dev.queuelock.build.slots.UsageHistory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The timeline's build bars: what the watch saw live, and what the usage history says of the hour before. */
class TimelineTest {

    private static final long NOW = 1_764_720_000_000L;
    private static final long MINUTE = 60_000L;

    @TempDir
    Path queue;

    private static BuildUsage build(String lane, long pid, long start, long wallMillis, long waitedMillis) {
        return BuildUsage.described(start, Duration.ofMillis(wallMillis), 1.5, 1L << 30).heldBy(lane, pid, waitedMillis);
    }

    private static QueueSnapshot queue(List<LockRecord> holders, List<LockRecord> waiters) {
        return new QueueSnapshot(Path.of("/tmp/q-build"), holders, waiters).withSlots(2, "2 (fixed)");
    }

    private static List<String> drawn(Timeline timeline, long now) {
        return timeline.bars(now).stream().map(bar -> bar.lane + " " + bar.kind + " " + (bar.from - NOW) / 1000 + ".." + (bar.to - NOW) / 1000)
                .collect(Collectors.toList());
    }

    @Test
    void aWatchOpenedNowDrawsTheLastHoursBuildsFromTheHistoryOlderLinesAndOlderBuildsLeftOut() throws Exception {
        Path file = queue.resolve(UsageHistory.NAME);
        // A line as versions before the lane was recorded wrote it: read (auto weighs it), not drawn (no row to put it in).
        Files.writeString(file, "{\"start\":" + (NOW - 30 * MINUTE) + ",\"wallMs\":60000,\"cpuMs\":90000,\"peakBytes\":1073741824,"
                + "\"source\":\"linux\"}\n");
        UsageHistory history = new UsageHistory(file);
        history.record(build("a", 101, NOW - 2 * 60 * MINUTE, 5 * MINUTE, 0)); // ended long before the hour
        history.record(build("a", 102, NOW - 62 * MINUTE, 4 * MINUTE, 30_000)); // ran into the hour, its wait did not
        history.record(build("b", 103, NOW - 20 * MINUTE, 5 * MINUTE, 2 * MINUTE));
        history.record(build("c", 104, NOW - 10 * MINUTE, MINUTE, 0)); // took a free slot at once: no waiting bar
        assertThat(history.read()).hasSize(5);
        Timeline timeline = new Timeline();
        timeline.observe(queue(List.of(), List.of()), NOW);

        timeline.recorded(history.read());

        assertThat(drawn(timeline, NOW)).containsExactlyInAnyOrder("a building -3720..-3480", "b building -1200..-900", "b waiting -1320..-1200", "c building -600..-540");
    }

    @Test
    void aHoldAndAWaitSeenLiveAndTheirLaterRecordAreOneBarEach() {
        Timeline timeline = new Timeline();
        LockRecord waiting = new LockRecord(201, "a", "verify", NOW - 90_000, null);
        LockRecord holding = new LockRecord(201, "a", "verify", NOW - 60_000, null);
        LockRecord other = new LockRecord(202, "a", "verify", NOW - 50_000, null); // a second build in the same lane
        timeline.observe(queue(List.of(), List.of(waiting)), NOW - 80_000);
        timeline.observe(queue(List.of(holding, other), List.of()), NOW - 59_000);
        timeline.observe(queue(List.of(other), List.of()), NOW - 9_000);
        // The record is written as the hold ends: its start a few ms after the holder's ts, its wait from before its ticket.
        timeline.recorded(List.of(build("a", 201, NOW - 59_990, 50_900, 30_100)));

        assertThat(drawn(timeline, NOW)).containsExactlyInAnyOrder("a waiting -90..-59", "a building -60..-9", "a building -50..0");
    }

    @Test
    void aRecordOfAnotherProcessOrAnotherTimeIsItsOwnBar() {
        Timeline timeline = new Timeline();
        timeline.observe(queue(List.of(new LockRecord(301, "a", "verify", NOW - 60_000, null)), List.of()), NOW - 59_000);
        timeline.observe(queue(List.of(), List.of()), NOW - 30_000);
        // The same daemon's next build, and a build of another process over the same time.
        timeline.recorded(List.of(build("a", 301, NOW - 20_000, 10_000, 0), build("b", 302, NOW - 50_000, 10_000, 0)));

        assertThat(drawn(timeline, NOW)).containsExactlyInAnyOrder("a building -60..-30", "a building -20..-10", "b building -50..-40");
    }

    @Test
    void aWaitSeenBeforeItsTicketsBodyWasWrittenIsDrawnInItsLanesRowOnceReadAndNeverInARowOfItsOwn() {
        Timeline timeline = new Timeline();
        // A ticket is created, then filled: a look in between reads its place, not whose it is.
        LockRecord unread = new LockRecord(401, LockRecord.UNKNOWN_LANE, null, NOW - 40_000, null);
        LockRecord read = new LockRecord(401, "c", "verify", NOW - 40_000, null);
        LockRecord neverRead = new LockRecord(402, LockRecord.UNKNOWN_LANE, null, NOW - 30_000, null); // gone before a look read it
        timeline.observe(queue(List.of(), List.of(unread, neverRead)), NOW - 39_000);
        timeline.observe(queue(List.of(), List.of(read)), NOW - 20_000);
        timeline.observe(queue(List.of(), List.of()), NOW - 10_000);

        assertThat(drawn(timeline, NOW)).containsExactly("c waiting -40..-10");
    }

    /** A landing that waits for a build slot for its checks is drawn waiting, as a build that waits is: not checking. */
    @Test
    void aLandingsSlotWaitIsAWaitNotItsChecks() {
        assertThat(Timeline.kind(Phase.fromId("slotWait"))).isEqualTo("waiting");
        assertThat(Timeline.kind(Phase.fromId("checks"))).isEqualTo("checking");
        assertThat(Timeline.kind(Phase.fromId("queueWait"))).isEqualTo("queued");
        assertThat(Timeline.kind(Phase.fromId("startUp"))).isEqualTo("landing");
        assertThat(Timeline.kind(Phase.fromId("somethingNewer"))).as("a phase of a later version").isEqualTo("landing");
    }
}
