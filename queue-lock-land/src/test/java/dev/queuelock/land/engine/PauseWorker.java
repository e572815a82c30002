package dev.queuelock.land.engine;

import dev.queuelock.land.base.QueuePause;
import java.nio.file.Path;

/** Pauses the land queue from its own JVM and stays alive, so a test can kill it with a real {@code kill -9}. Args: state dir, reason. */
public final class PauseWorker {

    static final String PAUSED = "PAUSED";

    public static void main(String[] args) throws Exception {
        new QueuePause("pause-worker", args[1], System.currentTimeMillis()).write(Path.of(args[0]));
        System.out.println(PAUSED);
        Thread.sleep(300_000);
    }
}
