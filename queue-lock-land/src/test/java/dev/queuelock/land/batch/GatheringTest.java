package dev.queuelock.land.batch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.LockRecord;
import dev.queuelock.land.base.RecordedLog;
import dev.queuelock.process.ProcessStart;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Whom a leader that just got the land queue waits for before it takes its batch: landers still
 * arriving (announced on the board and queued), until the batch is full, nobody new has come for
 * the quiet time (stretched by wide gaps between arrivals), or the most time has passed. The clock
 * is the test's: each lander arrives at the millisecond the test says, however busy the machine.
 */
class GatheringTest {

    private static final long T0 = 1_000_000_000L;
    private static final long PID = ProcessHandle.current().pid();
    private static final String START = ProcessStart.current();

    @TempDir
    Path tmp;

    private BatchBoard board;
    private final List<LockRecord> waiters = new CopyOnWriteArrayList<>();
    /** Landers to arrive, by ms after the leader queued. */
    private final TreeMap<Long, String> arrivals = new TreeMap<>();
    private long now = T0;

    @BeforeEach
    void setUp() throws IOException {
        board = new BatchBoard(Files.createDirectory(tmp.resolve("git")));
    }

    @Test
    void aLeaderThatJustQueuedWaitsForLandersStillArrivingAndStopsOnceTheBatchIsFull() throws Exception {
        arrive("lane-2");
        arrivals.putAll(Map.of(400L, "lane-3", 900L, "lane-4", 1000L, "lane-5"));

        assertThat(gatherFor(T0, 4)).containsExactly("lane-2", "lane-3", "lane-4");
        assertThat(now - T0).as("ms gathered: it stops as the last seat is taken").isEqualTo(900);
    }

    @Test
    void gatheringEndsWhenNobodyNewComesForTheQuietTime() throws Exception {
        arrive("lane-2");
        arrivals.put(Gathering.QUIET.toMillis() + 50, "lane-3");

        assertThat(gatherFor(T0, 4)).containsExactly("lane-2");
        assertThat(now - T0).isEqualTo(Gathering.QUIET.toMillis());
    }

    @Test
    void landersArrivingFurtherApartStretchTheQuietTime() throws Exception {
        arrive("lane-2");
        // 700 ms apart, as JVMs starting on a busy machine: quiet for 2 × 700 ms after each.
        arrivals.putAll(Map.of(700L, "lane-3", 2000L, "lane-4"));

        assertThat(gatherFor(T0, 4)).containsExactly("lane-2", "lane-3", "lane-4");
    }

    @Test
    void gatheringNeverTakesLongerThanTheMost() throws Exception {
        for (long at = 700; at <= 7000; at += 700) {
            arrivals.put(at, "lane-" + at);
        }

        List<String> inTime = List.copyOf(arrivals.headMap(Gathering.MOST.toMillis(), true).values());

        assertThat(gatherFor(T0, 20)).containsExactlyElementsOf(inTime);
        assertThat(now - T0).isEqualTo(Gathering.MOST.toMillis());
    }

    @Test
    void aLeaderThatWaitedForItsTurnTakesWhoeverWaitsAtOnce() throws Exception {
        arrive("lane-2");
        arrivals.put(50L, "lane-3");
        long queuedAt = T0 - Gathering.MOST.toMillis() - 1;

        assertThat(gatherFor(queuedAt, 4)).containsExactly("lane-2");
        assertThat(now).as("no time spent gathering").isEqualTo(T0);
    }

    @Test
    void aWaiterThatOffersNoLaneIsNotOvertaken() throws Exception {
        waiters.add(new LockRecord(PID, "lane-2", "plain land", T0, START)); // queued without batching: no request
        arrive("lane-3");

        assertThat(gatherFor(T0 - Gathering.MOST.toMillis() - 1, 4)).isEmpty();
    }

    /** The lanes the leader {@code lane-1}, queued at {@code queuedAt}, takes into a batch of at most {@code window}. */
    private List<String> gatherFor(long queuedAt, int window) throws InterruptedException {
        BatchRequest self = request("lane-1", queuedAt);
        Gathering.Clock clock = new Gathering.Clock() {
            @Override
            public long millis() {
                return now;
            }

            @Override
            public void sleep(long millis) {
                now += millis;
                while (!arrivals.isEmpty() && T0 + arrivals.firstKey() <= now) {
                    arrive(arrivals.pollFirstEntry().getValue());
                }
            }
        };
        Gathering gathering = new Gathering(new BatchOptions(window, () -> waiters), window, board, new RecordedLog(), clock);
        List<BatchRequest> taken = gathering.take(self, "batch-1");
        assertThat(taken).allSatisfy(r -> assertThat(board.verdict(r.lane)).get().extracting(v -> v.leaderLane).isEqualTo("lane-1"));
        return taken.stream().map(r -> r.lane).collect(Collectors.toList());
    }

    /** A batching lander arrives as a real one does: it pins its request on the board, then queues. */
    private void arrive(String lane) {
        try {
            board.publish(request(lane, now));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        waiters.add(new LockRecord(PID, lane, "land " + lane, now, START));
    }

    private static BatchRequest request(String lane, long ts) {
        return new BatchRequest(PID, START, lane, "lane/" + lane, "c0ffee", "/work/" + lane, ts);
    }
}
