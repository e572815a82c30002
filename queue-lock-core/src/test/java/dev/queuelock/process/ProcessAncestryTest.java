package dev.queuelock.process;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.LockRecord;
import dev.queuelock.testsupport.ChildProcess;
import dev.queuelock.testsupport.ChildProcesses;
import dev.queuelock.testsupport.Timing;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which holds a process runs inside, judged in real child JVMs with the environment a holder gives
 * its children: an ancestor's, or - once that holder is gone (kill -9) and the child re-parented -
 * the hold of the holder its {@value HolderTree#ENV} names, so it never waits for itself.
 */
class ProcessAncestryTest {

    // A pid no process has (above the kernel's limit): no ancestor, alive only through its tree.
    private static final long GONE = 9_999_999;
    private static final String START = "linux:test:" + System.nanoTime();

    @RegisterExtension
    final ChildProcesses children = new ChildProcesses();

    @TempDir
    Path tmp;

    @Test
    void aProcessStartedInsideAHoldRunsInsideItAfterItsHolderIsGone() {
        assertThat(probe("1/linux:x:1;" + GONE + "/" + START, GONE, START)).isEqualTo("inside");
    }

    @Test
    void anotherHolderOrTheSamePidOfAnotherStartIsWaitedFor() {
        assertThat(probe(GONE + "/" + START, GONE, START + "0")).as("a recycled pid").isEqualTo("outside");
        assertThat(probe(GONE + "/" + START, GONE + 1, START)).as("another holder").isEqualTo("outside");
        assertThat(probe("", GONE, START)).as("started outside every hold").isEqualTo("outside");
    }

    @Test
    void aRecordWithoutAStartTokenIsNeverJoinedThroughTheEnvironment() {
        assertThat(probe(GONE + "/", GONE, null)).as("the npm tool's records carry none").isEqualTo("outside");
    }

    private String probe(String holders, long pid, String start) {
        ChildProcess child = children.jvm(Probe.class, Long.toString(pid), start == null ? "-" : start)
                .env(HolderTree.ENV, holders).log(tmp.resolve("probe-" + System.nanoTime() + ".log")).start();
        assertThat(child.awaitExit(Timing.forChildToStart())).as(child.output()).isZero();
        return child.output().strip();
    }

    /** Says whether a hold of the holder named by its arguments serves this process. */
    public static final class Probe {
        public static void main(String[] args) {
            String start = args[1].equals("-") ? null : args[1];
            LockRecord holder = new LockRecord(Long.parseLong(args[0]), "lane", "checks", 1L, start);
            System.out.println(ProcessAncestry.holdsForUs(holder) ? "inside" : "outside");
        }
    }
}
