package dev.queuelock.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Worker side of the benchmark's signals: say ready (a file), then block on a line from stdin.
 * Blocking, not polling: N workers spinning on a file would heat up their JIT compilers, and
 * that CPU would land in the middle of the measurement.
 */
final class StartBarrier {

    private StartBarrier() {
    }

    static void await(BenchArgs args) throws IOException {
        if (!args.has("ready")) {
            return;
        }
        Files.createFile(Path.of(args.require("ready")));
        awaitLine();
    }

    /** Returns after one line (or end of input: the benchmark is gone) on stdin. */
    static void awaitLine() throws IOException {
        int c;
        do {
            c = System.in.read();
        } while (c != '\n' && c != -1);
    }
}
