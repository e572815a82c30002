package dev.queuelock.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.queuelock.LockRecord;
import dev.queuelock.testsupport.ChildProcess;
import dev.queuelock.testsupport.ChildProcesses;
import dev.queuelock.testsupport.CliLane;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** {@code status} shows a real holder and real waiters (child JVMs running {@code run}) in queue order. */
class StatusCommandTest {

    @RegisterExtension
    final ChildProcesses children = new ChildProcesses();

    @TempDir
    Path tmp;

    private CliLane lane;

    @BeforeEach
    void setUp() {
        lane = new CliLane(children, tmp);
    }

    @Test
    @Timeout(90)
    void jsonShowsHolderThenWaitersInOrder() throws Exception {
        ChildProcess holder = lane.start("holder", "run", "--label", "holder job", "--", "sleep", "120");
        lane.awaitQueue(s -> s.holders().stream().findFirst().map(LockRecord::pid).orElse(0L) == holder.pid());
        ChildProcess first = lane.start("first", "run", "--label", "first waiter", "--", "true");
        lane.awaitQueue(s -> s.waiters().size() == 1);
        ChildProcess second = lane.start("second", "run", "--", "true");
        lane.awaitQueue(s -> s.waiters().size() == 2);

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
        assertThat(fieldNames(waiters.get(0))).isEqualTo("position,lane,label,pid,since,waitingForMillis");

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

    private static String fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return String.join(",", names);
    }
}
