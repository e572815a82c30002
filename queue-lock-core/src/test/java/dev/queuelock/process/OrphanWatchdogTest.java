package dev.queuelock.process;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.testsupport.ChildProcess;
import dev.queuelock.testsupport.ChildProcesses;
import dev.queuelock.testsupport.Timing;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A holder JVM killed with {@code kill -9} while its check runs: its watchdog stops the check's
 * whole tree, in both process layers; one killed after its check said it ended leaves what that
 * check left behind alone. Real JVMs, a real shell and sleep.
 */
class OrphanWatchdogTest {

    @RegisterExtension
    final ChildProcesses children = new ChildProcesses();

    @TempDir
    Path tmp;

    private final List<ProcessHandle> toClean = new ArrayList<>();

    @org.junit.jupiter.api.AfterEach
    void clean() {
        toClean.forEach(ProcessHandle::destroyForcibly);
    }

    @ParameterizedTest
    @ValueSource(strings = {"linux", "portable"})
    @Timeout(120)
    void aKilledHoldersRunningCheckIsStoppedTreeAndAll(String layer) throws Exception {
        Path log = tmp.resolve("check.log");
        ChildProcess holder = holder(layer, log, "running");
        List<ProcessHandle> check = checkTree(holder);
        ProcessHandle watchdog = watchdogOf(holder);

        holder.kill9();

        Awaitility.await().atMost(Timing.seconds(30)).pollInterval(Duration.ofMillis(50))
                .until(() -> check.stream().noneMatch(ProcessHandle::isAlive));
        assertThat(watchdog.onExit().get(30, TimeUnit.SECONDS).isAlive()).as("the watchdog ends too").isFalse();
        assertThat(Files.readString(log)).contains("has ended: stopped this check build (2 process(es))");
    }

    @ParameterizedTest
    @ValueSource(strings = {"linux", "portable"})
    @Timeout(120)
    void aHolderKilledAfterItsCheckEndedLeavesWhatTheCheckLeftBehind(String layer) throws Exception {
        Path log = tmp.resolve("check.log");
        ChildProcess holder = holder(layer, log, "done");
        List<ProcessHandle> leftBehind = checkTree(holder);
        ProcessHandle watchdog = watchdogOf(holder);

        holder.kill9();

        assertThat(watchdog.onExit().get(30, TimeUnit.SECONDS).isAlive()).as("the watchdog ends").isFalse();
        assertThat(leftBehind).allMatch(ProcessHandle::isAlive);
        assertThat(Files.readString(log)).doesNotContain("stopped this check build");
    }

    private ChildProcess holder(String layer, Path log, String state) {
        ChildProcess holder = children.jvm(CheckingHolder.class, log.toString(), state).env(Processes.ENV, layer)
                .log(tmp.resolve("holder.out")).start();
        Awaitility.await().atMost(Timing.forChildToStart()).until(() -> holder.output().contains("checking"));
        return holder;
    }

    /** The holder's check: the shell (dash, bash...: whatever sh is) and its sleep. */
    private List<ProcessHandle> checkTree(ChildProcess holder) {
        List<ProcessHandle> tree = new ArrayList<>();
        Awaitility.await().atMost(Timing.forChildToStart()).until(() -> {
            tree.clear();
            holder.process().toHandle().children().filter(p -> !command(p).endsWith("/java")).forEach(sh -> {
                tree.add(sh);
                tree.addAll(sh.descendants().collect(Collectors.toList()));
            });
            return tree.size() == 2;
        });
        toClean.addAll(tree);
        return tree;
    }

    private ProcessHandle watchdogOf(ChildProcess holder) {
        ProcessHandle watchdog = holder.process().toHandle().children().filter(p -> command(p).endsWith("/java")).findFirst()
                .orElseThrow();
        toClean.add(watchdog);
        return watchdog;
    }

    private static String command(ProcessHandle p) {
        return p.info().command().orElse("");
    }

    /**
     * A holder as land is one: its watchdog told of a check, a check started in its hold (a shell
     * running {@code sleep}); with {@code done}, told the check ended though its sleep runs on.
     */
    public static final class CheckingHolder {
        public static void main(String[] args) throws Exception {
            Path log = Path.of(args[0]);
            OrphanWatchdog.watch(log);
            ProcessBuilder check = new ProcessBuilder("sh", "-c", "sleep 300; echo never")
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
            check.environment().putAll(HolderTree.childEnvironment());
            Process started = check.start();
            HolderTree.started(started);
            if (args[1].equals("done")) {
                OrphanWatchdog.ended();
            }
            System.out.println("checking");
            Thread.sleep(TimeUnit.MINUTES.toMillis(5));
        }
    }
}
