package dev.queuelock.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Worker side of the start barrier: say ready, then wait for the benchmark's go. */
final class StartBarrier {

    private StartBarrier() {
    }

    static void await(BenchArgs args) throws IOException, InterruptedException {
        if (!args.has("ready")) {
            return;
        }
        Files.createFile(Path.of(args.require("ready")));
        Path go = Path.of(args.require("go"));
        while (!Files.exists(go)) {
            Thread.sleep(1);
        }
    }
}
