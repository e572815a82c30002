package dev.queuelock.file;

import dev.queuelock.spi.QueueChanges;

/**
 * {@link DirectoryEvents} read by a thread of their own that sleeps in the watch service, as a
 * waiter's are, and tells each settled burst of changes to a listener: a file queue's changes
 * ({@link FileBackend#changes}) and the watch's view of the repository's state.
 */
public final class EventPump implements QueueChanges {

    private final DirectoryEvents events;
    private final Thread pump;

    private EventPump(DirectoryEvents events, Thread pump) {
        this.events = events;
        this.pump = pump;
    }

    /** Starts telling {@code changed} of what {@code events} watch; closing this closes them. */
    public static EventPump start(DirectoryEvents events, String what, Runnable changed) {
        Thread pump = new Thread(() -> {
            try {
                while (!Thread.currentThread().isInterrupted()) {
                    if (events.await(Long.MAX_VALUE)) {
                        changed.run();
                    }
                }
            } catch (InterruptedException e) {
                // closed
            }
        }, "queue-lock file events of " + what);
        pump.setDaemon(true);
        pump.start();
        return new EventPump(events, pump);
    }

    @Override
    public void close() {
        pump.interrupt();
        events.close(); // wakes the pump out of the watch service
    }
}
