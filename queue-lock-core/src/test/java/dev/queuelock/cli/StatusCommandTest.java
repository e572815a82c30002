package dev.queuelock.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.queuelock.LockRecord;
import dev.queuelock.config.LockSettings;
import dev.queuelock.testsupport.ChildProcess;
import dev.queuelock.testsupport.CliLaneTestSupport;
import dev.queuelock.testsupport.LockWorkers;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@code status} shows a real holder and real waiters (child JVMs running {@code run}) in queue order. */
class StatusCommandTest extends CliLaneTestSupport {

    @Test
    @Timeout(90)
    void jsonShowsHolderThenWaitersInOrder() throws Exception {
        ChildProcess holder = lane.start("holder", "run", "--label", "holder job", "--", "sleep", "120");
        lane.awaitQueue(s -> s.holders().stream().findFirst().map(LockRecord::pid).orElse(0L) == holder.pid());
        // A ticket is created, then written: until its body is there a look knows the waiter by name
        // only (no label). Wait for each body, not just the name, before asserting the labels.
        ChildProcess first = lane.start("first", "run", "--label", "first waiter", "--", "true");
        lane.awaitQueue(s -> s.waiters().size() == 1 && s.waiters().get(0).label().isPresent());
        ChildProcess second = lane.start("second", "run", "--", "true");
        lane.awaitQueue(s -> s.waiters().size() == 2 && s.waiters().get(1).label().isPresent());

        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code = Main.run(new String[] {"status", "--json", "--dir", lane.dir().toString()},
                Map.of("TMPDIR", lane.queues().toString()), new PrintStream(out, true, StandardCharsets.UTF_8), System.err);

        assertThat(code).isZero();
        JsonNode doc = new ObjectMapper().readTree(out.toByteArray());
        assertThat(fieldNames(doc)).isEqualTo("version,now,queues,landings");
        assertThat(doc.get("version").asInt()).isEqualTo(2);
        assertThat(doc.get("landings").isNull()).isTrue();
        assertThat(fieldNames(doc.get("queues"))).isEqualTo("build");
        JsonNode build = doc.at("/queues/build");
        assertThat(fieldNames(build)).isEqualTo("scope,backend,location,holder,holders,slots,slotsDecision,waiters");
        assertThat(build.get("slots").asInt()).isEqualTo(1);
        assertThat(build.get("slotsDecision").asText()).isEqualTo("1 (fixed)");
        assertThat(build.get("scope").asText()).isEqualTo("repo");
        assertThat(build.get("backend").asText()).isEqualTo("file");
        assertThat(build.get("holder").get("lane").asText()).isEqualTo("lane-a");
        assertThat(build.get("holders")).hasSize(1);
        assertThat(build.get("holders").get(0)).isEqualTo(build.get("holder"));
        assertThat(build.get("holder").get("label").asText()).isEqualTo("holder job");
        assertThat(build.get("holder").get("pid").asLong()).isEqualTo(holder.pid());
        assertThat(build.get("holder").get("heldForMillis").asLong()).isNotNegative();
        JsonNode waiters = build.get("waiters");
        assertThat(waiters).hasSize(2);
        assertThat(waiters.get(0).get("position").asInt()).isEqualTo(1);
        assertThat(waiters.get(0).get("pid").asLong()).isEqualTo(first.pid());
        assertThat(waiters.get(0).get("label").asText()).isEqualTo("first waiter");
        assertThat(waiters.get(1).get("position").asInt()).isEqualTo(2);
        assertThat(waiters.get(1).get("pid").asLong()).isEqualTo(second.pid());
        assertThat(waiters.get(1).get("label").asText()).isEqualTo("true");
        assertThat(fieldNames(waiters.get(0))).isEqualTo("position,lane,label,pid,since,waitingForMillis,slots,priority,wentAheadOf");
        assertThat(waiters.get(0).get("slots").isNull()).as("one fixed slot is not recorded").isTrue();
        assertThat(fieldNames(build.get("holder"))).isEqualTo("lane,label,pid,since,heldForMillis,slots,priority,wentAheadOf,ended,keptBy");
        assertThat(build.get("holder").get("ended").asBoolean()).isFalse();
        assertThat(build.get("holder").get("keptBy")).isEmpty();

        // The ticket is on disk a moment before the first wait line: wait for the lines, do not read once.
        lane.awaitStderr(first, "next up; lane lane-a (holder job), pid " + holder.pid() + ", holding for ");
        lane.awaitStderr(second, "1 waiter ahead; lane lane-a");
    }

    @Test
    @Timeout(60)
    void textNamesTheHolderAndHowLongItHeld() throws Exception {
        ChildProcess holder = lane.start("holder", "run", "--label", "mvn verify", "--", "sleep", "120");
        lane.awaitQueue(s -> s.holders().stream().findFirst().isPresent());

        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Main.run(new String[] {"status", "--dir", lane.dir().toString()}, Map.of("TMPDIR", lane.queues().toString()),
                new PrintStream(out, true, StandardCharsets.UTF_8), System.err);

        assertThat(out.toString(StandardCharsets.UTF_8))
                .contains("holder:  lane lane-a (mvn verify), pid " + holder.pid() + ", held for ")
                .contains("waiting: none");
    }

    @Test
    @Timeout(120)
    void twoHoldersStartedWithTwoSlotsAreExplainedByAStatusNotGivenTheSetting() throws Exception {
        LockWorkers workers = new LockWorkers(children, tmp, Files.createDirectory(tmp.resolve("repo")), "build",
                List.of(LockSettings.BUILD_SLOTS + "=2"));
        ChildProcess first = workers.startHolder("first");
        ChildProcess second = workers.startHolder("second");
        assertThat(System.getProperty(LockSettings.BUILD_SLOTS)).as("this status is not given the setting").isNull();

        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Main.run(new String[] {"status", "--dir", workers.repoDir().toString()}, Map.of("TMPDIR", tmp.toString()),
                new PrintStream(out, true, StandardCharsets.UTF_8), System.err);

        assertThat(out.toString(StandardCharsets.UTF_8))
                .contains("slots:   2 of 2 busy; 2 (fixed, as lane repo's holder was told)")
                .contains("pid " + first.pid()).contains("pid " + second.pid());
        ByteArrayOutputStream json = new ByteArrayOutputStream();
        Main.run(new String[] {"status", "--json", "--dir", workers.repoDir().toString()}, Map.of("TMPDIR", tmp.toString()),
                new PrintStream(json, true, StandardCharsets.UTF_8), System.err);
        JsonNode build = new ObjectMapper().readTree(json.toByteArray()).at("/queues/build");
        assertThat(build.get("slots").asInt()).isEqualTo(2);
        assertThat(build.get("holders")).hasSize(2);
        assertThat(build.get("holders").get(1).get("slots").asInt()).isEqualTo(2);
    }

    private static String fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return String.join(",", names);
    }
}
