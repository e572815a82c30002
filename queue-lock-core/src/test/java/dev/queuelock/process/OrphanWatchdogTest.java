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
 * whole tree, in both process layers, but not a daemon the check detached (it carries the holder
 * too); one killed after its check said it ended leaves what that check left behind alone. Real
 * JVMs, a real shell and sleep.
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
    void aDaemonTheCheckDetachedIsLeftRunningAndNamed(String layer) throws Exception {
        Path log = tmp.resolve("check.log");
        String daemonArgument = "299." + ProcessHandle.current().pid(); // tells this test's daemon from others'
        ChildProcess holder = holder(layer, log, "daemon", daemonArgument);
        List<ProcessHandle> check = checkTree(holder);
        ProcessHandle daemon = daemon(daemonArgument);
        ProcessHandle watchdog = watchdogOf(holder);

        holder.kill9();

        assertThat(watchdog.onExit().get(30, TimeUnit.SECONDS).isAlive()).as("the watchdog ends").isFalse();
        assertThat(check).noneMatch(ProcessHandle::isAlive);
        assertThat(daemon.isAlive()).as("a host, not a holder: another lane may use it").isTrue();
        String said = Files.readString(log);
        assertThat(said).contains("has ended: stopped this check build (2 process(es))");
        if (layer.equals("linux")) { // the portable layer sees only the holder's own children
            assertThat(said).contains("left running: pid " + daemon.pid() + " (sleep " + daemonArgument
                    + "), not part of the check's tree.");
        }
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

    @ParameterizedTest
    @ValueSource(strings = {"linux"})
    @Timeout(120)
    void aCheckBesideOneThatEndedIsStillStopped(String layer) throws Exception {
        Path log = tmp.resolve("check.log");
        ChildProcess holder = holder(layer, log, "two");
        List<ProcessHandle> check = checkTree(holder);
        ProcessHandle watchdog = watchdogOf(holder);

        holder.kill9();

        assertThat(watchdog.onExit().get(30, TimeUnit.SECONDS).isAlive()).as("the watchdog ends").isFalse();
        assertThat(check).noneMatch(ProcessHandle::isAlive);
        assertThat(Files.readString(log)).contains("has ended: stopped this check build (2 process(es))");
    }

    private ChildProcess holder(String layer, Path log, String state) {
        return holder(layer, log, state, "0");
    }

    private ChildProcess holder(String layer, Path log, String state, String daemonArgument) {
        ChildProcess holder = children.jvm(CheckingHolder.class, log.toString(), state, daemonArgument).env(Processes.ENV, layer)
                .log(tmp.resolve("holder.out")).start();
        Awaitility.await().atMost(Timing.forChildToStart()).until(() -> holder.output().contains("checking"));
        return holder;
    }

    /** The holder's check: the shell (dash, bash...: whatever sh is) and its sleep 300. */
    private List<ProcessHandle> checkTree(ChildProcess holder) {
        List<ProcessHandle> tree = new ArrayList<>();
        Awaitility.await().atMost(Timing.forChildToStart()).until(() -> {
            tree.clear();
            holder.process().toHandle().children().filter(p -> !command(p).endsWith("/java")).forEach(sh -> {
                tree.add(sh);
                tree.addAll(sh.descendants().collect(Collectors.toList()));
            });
            return tree.size() == 2 && tree.stream().anyMatch(p -> p.info().arguments().map(a -> List.of(a).contains("300"))
                    .orElse(false));
        });
        toClean.addAll(tree);
        return tree;
    }

    /** The check's detached daemon: a sleep re-parented out of the check's tree. */
    private ProcessHandle daemon(String argument) {
        List<ProcessHandle> found = new ArrayList<>();
        Awaitility.await().atMost(Timing.forChildToStart()).until(() -> {
            found.clear();
            ProcessHandle.allProcesses().filter(p -> command(p).endsWith("sleep")) // not the holder JVM, whose arguments hold it too
                    .filter(p -> p.info().arguments().map(a -> List.of(a).contains(argument)).orElse(false)).forEach(found::add);
            return found.size() == 1;
        });
        toClean.addAll(found);
        return found.get(0);
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
     * A holder as land is one: a check started in its hold (a shell running {@code sleep}), its
     * watchdog told of it; with {@code done}, told the check ended though its sleep runs on; with
     * {@code daemon}, the check first detaches a daemon (a sleep whose parent exits at once); with
     * {@code two}, a second check ran beside it and ended first.
     */
    public static final class CheckingHolder {
        public static void main(String[] args) throws Exception {
            Path log = Path.of(args[0]);
            String script = (args[1].equals("daemon") ? "(sleep " + args[2] + " &); " : "") + "sleep 300; echo never";
            ProcessBuilder check = new ProcessBuilder("sh", "-c", script)
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
            check.environment().putAll(HolderTree.childEnvironment());
            Process beside = null;
            if (args[1].equals("two")) {
                beside = new ProcessBuilder("sleep", "301").start();
                OrphanWatchdog.watch(beside, log);
            }
            Process started = check.start();
            HolderTree.started(started);
            OrphanWatchdog.watch(started, log);
            if (args[1].equals("done")) {
                OrphanWatchdog.ended(started);
            }
            if (beside != null) {
                beside.destroyForcibly().waitFor();
                OrphanWatchdog.ended(beside);
            }
            System.out.println("checking");
            Thread.sleep(TimeUnit.MINUTES.toMillis(5));
        }
    }
}
