package dev.queuelock.spi;

import java.time.Duration;

/** {@link QueueChanges} of a backend that reports none: "may have changed" once every interval, as its waiters look. */
final class PolledChanges implements QueueChanges {

    private final Thread ticker;

    private PolledChanges(Thread ticker) {
        this.ticker = ticker;
    }

    static QueueChanges start(String what, Duration interval, Runnable changed) {
        Thread ticker = new Thread(() -> {
            try {
                while (!Thread.currentThread().isInterrupted()) {
                    Thread.sleep(interval.toMillis());
                    changed.run();
                }
            } catch (InterruptedException e) {
                // closed
            }
        }, "queue-lock changes of the " + what);
        ticker.setDaemon(true);
        ticker.start();
        return new PolledChanges(ticker);
    }

    @Override
    public void close() {
        ticker.interrupt();
    }
}
