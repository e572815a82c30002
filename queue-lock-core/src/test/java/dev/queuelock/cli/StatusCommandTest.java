package dev.queuelock.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.queuelock.LockRecord;
import dev.queuelock.QueueLockFactory;
import dev.queuelock.QueueSnapshot;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code status} shows a real holder and real waiters (child JVMs running {@code run}) in queue order. */
class StatusCommandTest {

    @TempDir
    Path tmp;

    private Path repo;
    private Path queues;
    private ChildJvm jvm;

    @BeforeEach
    void setUp() throws Exception {
        repo = Files.createDirectory(tmp.resolve("lane-a"));
        queues = Files.createDirectory(tmp.resolve("queues"));
        jvm = new ChildJvm(queues);
    }

    @AfterEach
    void stopChildren() {
        jvm.close();
    }

    @Test
    @Timeout(90)
    void jsonShowsHolderThenWaitersInOrder() throws Exception {
        Process holder = jvm.start(repo, tmp.resolve("holder"), Main.class,
                "run", "--label", "holder job", "--", "sleep", "120");
        awaitQueue(s -> s.holder().map(LockRecord::pid).orElse(0L) == holder.pid());
        Process first = jvm.start(repo, tmp.resolve("first"), Main.class, "run", "--label", "first waiter", "--", "true");
        awaitQueue(s -> s.waiters().size() == 1);
        Process second = jvm.start(repo, tmp.resolve("second"), Main.class, "run", "--", "true");
        awaitQueue(s -> s.waiters().size() == 2);

        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code = Main.run(new String[] {"status", "--json", "--dir", repo.toString()}, Map.of("TMPDIR", queues.toString()),
                new PrintStream(out, true, StandardCharsets.UTF_8), System.err);

        assertThat(code).isZero();
        JsonNode doc = new ObjectMapper().readTree(out.toByteArray());
        assertThat(doc.get("version").asInt()).isEqualTo(1);
        assertThat(doc.get("queue").asText()).isEqualTo("build");
        assertThat(doc.get("holder").get("lane").asText()).isEqualTo("lane-a");
        assertThat(doc.get("holder").get("label").asText()).isEqualTo("holder job");
        assertThat(doc.get("holder").get("pid").asLong()).isEqualTo(holder.pid());
        assertThat(doc.get("holder").get("heldForMillis").asLong()).isNotNegative();
        JsonNode waiters = doc.get("waiters");
        assertThat(waiters).hasSize(2);
        assertThat(waiters.get(0).get("position").asInt()).isEqualTo(1);
        assertThat(waiters.get(0).get("pid").asLong()).isEqualTo(first.pid());
        assertThat(waiters.get(0).get("label").asText()).isEqualTo("first waiter");
        assertThat(waiters.get(1).get("position").asInt()).isEqualTo(2);
        assertThat(waiters.get(1).get("pid").asLong()).isEqualTo(second.pid());
        assertThat(waiters.get(1).get("label").asText()).isEqualTo("true");
        assertThat(fieldNames(doc)).isEqualTo("version,queue,location,holder,waiters");
        assertThat(fieldNames(waiters.get(0))).isEqualTo("position,lane,label,pid,since,waitingForMillis");

        // The ticket is on disk a moment before the first wait line: wait for the lines, do not read once.
        awaitLine("first.err", "next up; held by lane lane-a (holder job), pid " + holder.pid() + " for ");
        awaitLine("second.err", "waiting, 1 ahead; held by lane lane-a");
    }

    @Test
    @Timeout(60)
    void textNamesTheHolderAndHowLongItHeld() throws Exception {
        Process holder = jvm.start(repo, tmp.resolve("holder"), Main.class,
                "run", "--label", "mvn verify", "--", "sleep", "120");
        awaitQueue(s -> s.holder().isPresent());

        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Main.run(new String[] {"status", "--dir", repo.toString()}, Map.of("TMPDIR", queues.toString()),
                new PrintStream(out, true, StandardCharsets.UTF_8), System.err);

        assertThat(out.toString(StandardCharsets.UTF_8))
                .contains("holder:  lane lane-a (mvn verify), pid " + holder.pid() + ", held for ")
                .contains("waiting: none");
    }

    private void awaitQueue(Predicate<QueueSnapshot> condition) {
        QueueLockFactory factory = QueueLockFactory.defaults().withTmpDir(queues);
        await().atMost(Duration.ofSeconds(45)).pollInterval(Duration.ofMillis(50))
                .until(() -> factory.snapshot("build", repo), condition::test);
    }

    private void awaitLine(String log, String text) {
        await().atMost(Duration.ofSeconds(45)).until(() -> Files.readString(tmp.resolve(log)).contains(text));
    }

    private static String fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return String.join(",", names);
    }
}
