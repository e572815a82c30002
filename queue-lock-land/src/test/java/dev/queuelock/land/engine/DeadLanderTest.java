package dev.queuelock.land.engine;

import static dev.queuelock.testsupport.GitFixture.commit;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.queuelock.QueueSnapshot;
import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.land.base.Outcome;
import dev.queuelock.land.base.Phase;
import dev.queuelock.land.base.RecordedLog;
import dev.queuelock.land.checks.Checks;
import dev.queuelock.land.git.Git;
import dev.queuelock.land.git.RepoContext;
import dev.queuelock.land.history.Activity;
import dev.queuelock.land.history.LandHistory;
import dev.queuelock.land.history.LandRun;
import dev.queuelock.land.lanes.LaneState;
import dev.queuelock.land.notify.Notifier;
import dev.queuelock.land.watch.WatchLoop;
import dev.queuelock.land.watch.WatchModel;
import dev.queuelock.land.watch.FactorySources;
import dev.queuelock.land.watch.WatchSources;
import dev.queuelock.testsupport.ChildProcess;
import dev.queuelock.testsupport.ChildProcesses;
import dev.queuelock.testsupport.GitFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 53: after a lander's {@code kill -9} the watch showed it landing for 55 s while status
 * already said {@code holder: none}, and the interrupted landing got no history line and no event.
 */
@Timeout(120)
class DeadLanderTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @RegisterExtension
    final ChildProcesses children = new ChildProcesses();

    @TempDir
    Path tmp;

    @Test
    void aKilledLanderLeavesTheWatchAtOnceAndTheNextLanderRecordsItsLandingOnceAsInterrupted() throws Exception {
        GitFixture repo = new GitFixture(Files.createDirectory(tmp.resolve("repo")));
        Path queues = Files.createDirectory(tmp.resolve("queues"));
        QueueLockFactory locks = QueueLockFactory.defaults().withTmpDir(queues).withPollInterval(Duration.ofMillis(50));
        Path victim = repo.lane("victim");
        commit(victim, "v.txt", "v\n", "victim work");
        Path started = tmp.resolve("checks-started");
        ChildProcess lander = children.jvm(LandWorker.class, victim.toString(), queues.toString(), "sh", "-c",
                "touch '" + started + "'; sleep 60").tmpDir(queues).log(tmp.resolve("worker.log")).start();
        await().atMost(Duration.ofSeconds(60)).until(() -> Files.exists(started));

        AtomicReference<WatchModel> shown = new AtomicReference<>();
        Thread watch = new Thread(() -> {
            try {
                new WatchLoop(sources(locks, victim, repo.main.resolve(".git")), Notifier.NONE, 0).run(shown::set);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }, "watch");
        watch.setDaemon(true);
        watch.start();
        try {
            await().atMost(Duration.ofSeconds(30)).until(() -> shown.get() != null && landing(shown.get()));

            List<ProcessHandle> checks = lander.process().descendants().collect(Collectors.toList());
            lander.kill9(); // while its checks run
            checks.forEach(ProcessHandle::destroyForcibly); // as the watchdog stops a dead lander's check
            checks.forEach(check -> check.onExit().join());
            assertThat(locks.snapshot("land", victim).holders()).as("the lock, as status, sees nobody").isEmpty();

            // No file changes at a kill -9: the watch must judge on its own, as the lock does.
            await().atMost(Duration.ofSeconds(20)).until(() -> !landing(shown.get())
                    && shown.get().buildQueue().holders().isEmpty());
        } finally {
            watch.interrupt();
        }
        Path stateDir = RepoContext.stateDir(repo.main.resolve(".git"));
        assertThat(stateDir.resolve("landing").resolve("victim.json")).as("watching writes nothing").exists();
        assertThat(new LandHistory(repo.main.resolve(".git")).read()).as("nobody landed yet").isEmpty();

        Path next = repo.lane("next");
        commit(next, "n.txt", "n\n", "next work");
        Path events = tmp.resolve("events.jsonl");
        Notifier notifier = new Notifier(List.of("sh", "-c", "cat >> '" + events + "'; echo >> '" + events + "'"), line -> { });
        RecordedLog log = new RecordedLog();
        land(locks, next, notifier, log);
        RecordedLog victimLog = new RecordedLog();
        land(locks, victim, notifier, victimLog); // the victim's own next land: told its user, recorded already, not again

        List<LandRun> history = new LandHistory(repo.main.resolve(".git")).read();
        assertThat(history).extracting(run -> run.lane + " " + run.outcome().id())
                .containsExactly("victim interrupted", "next landed", "victim landed");
        LandRun interrupted = history.get(0);
        assertThat(interrupted.outcome()).isEqualTo(Outcome.INTERRUPTED);
        assertThat(interrupted.phases).containsKeys(Phase.QUEUE_WAIT.id(), Phase.REBASE.id());
        assertThat(log.lines()).anyMatch(line -> line.contains("the landing of victim") && line.contains("interrupted"));
        assertThat(victimLog.lines()).filteredOn(line -> line.contains("the previous land of this lane"))
                .singleElement().asString().contains("interrupted during checks");
        List<JsonNode> sent = Files.readAllLines(events).stream().filter(line -> !line.isBlank()).map(DeadLanderTest::json)
                .filter(event -> event.path("lane").asText().equals("victim")).collect(Collectors.toList());
        assertThat(sent).extracting(event -> event.path("event").asText()).containsExactly("interrupted", "landed");
        assertThat(sent.get(0).path("reason").asText()).contains("interrupted during checks");
        assertThat(new Activity(stateDir).read()).filteredOn(line -> line.lane().equals("victim"))
                .extracting(line -> line.outcome().orElse(null)).containsOnlyOnce(Outcome.INTERRUPTED);
    }

    private static void land(QueueLockFactory locks, Path lane, Notifier notifier, RecordedLog log) throws Exception {
        new Lander(new Git(lane), CheckAndPushSettings.defaults(), Checks.NONE, locks.open("land", lane), locks.open("build", lane), log)
                .notifying(notifier).land();
    }

    private static boolean landing(WatchModel model) {
        return !model.landQueue().holders().isEmpty() || model.landingsUnderWay().contains("victim");
    }

    private static JsonNode json(String line) {
        try {
            return JSON.readTree(line);
        } catch (Exception e) {
            throw new IllegalStateException(line, e);
        }
    }

    /** The queues and the repository's state, read as {@code mvn queuelock:watch} reads them; no lanes. */
    private static WatchSources sources(QueueLockFactory locks, Path lane, Path commonDir) {
        return new FactorySources(locks, locks.queue("build", lane), locks.queue("land", lane)) {
            @Override
            public List<LaneState> lanes() {
                return List.of();
            }

            @Override
            public Path commonDir() {
                return commonDir;
            }
        };
    }
}
