package dev.queuelock.land.disk;

import dev.queuelock.land.lanes.Lane;
import java.util.List;

/**
 * The watch's count of the lanes' disk use: on a thread of its own, every {@link #EVERY_MILLIS} ms,
 * each lane to the end, so the view never waits on a large tree; until its first count is done, the
 * sizes the last status kept, each with its age. Writes nothing (watching changes nothing).
 */
public final class DiskWatch implements AutoCloseable {

    static final long EVERY_MILLIS = 60_000;

    private final DiskMeter meter;
    private volatile List<Lane> lanes = List.of();
    private volatile LaneDisks counted;
    private Thread counter;

    public DiskWatch(DiskMeter meter) {
        this.meter = meter;
    }

    /** The latest numbers for {@code lanes} (the lanes as the watch read them last); starts counting on the first call. */
    public synchronized LaneDisks latest(List<Lane> now) {
        lanes = List.copyOf(now);
        if (counter == null) {
            counted = meter.kept(lanes);
            counter = new Thread(this::countEvery, "queue-lock disk count");
            counter.setDaemon(true);
            counter.setPriority(Thread.MIN_PRIORITY);
            counter.start();
        }
        return counted;
    }

    private void countEvery() {
        try {
            while (!Thread.currentThread().isInterrupted()) {
                counted = meter.count(lanes);
                Thread.sleep(EVERY_MILLIS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // closed
        } catch (RuntimeException e) {
            // the numbers stay as last counted, with their age
        }
    }

    @Override
    public synchronized void close() {
        if (counter != null) {
            counter.interrupt();
        }
    }
}
