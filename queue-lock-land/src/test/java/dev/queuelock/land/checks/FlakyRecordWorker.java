package dev.queuelock.land.checks;

import java.nio.file.Path;
import java.util.List;

/** Records one flaky run in its own JVM, as a check ending in another process does. Args: git common dir, test, lane. */
public final class FlakyRecordWorker {

    static final String READY = "READY";

    public static void main(String[] args) throws Exception {
        FlakyTests flaky = new FlakyTests(Path.of(args[0]));
        System.out.println(READY);
        flaky.record(List.of(new FlakyTest(args[1], args[2], "t", "log of " + args[2])));
    }
}
