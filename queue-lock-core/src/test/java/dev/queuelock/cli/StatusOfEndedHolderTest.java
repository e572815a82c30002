package dev.queuelock.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.queuelock.LockRecord;
import dev.queuelock.QueueSnapshot;
import dev.queuelock.testsupport.ChildProcess;
import dev.queuelock.testsupport.CliLane;
import dev.queuelock.testsupport.CliLaneTestSupport;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code status} of a holder killed with {@code kill -9} while its command still runs: it says the
 * holder's process has ended and names the process that keeps the hold, in text and JSON. Real
 * JVM, real {@code kill -9}; run with both process layers.
 */
class StatusOfEndedHolderTest extends CliLaneTestSupport {

    /** CMD: writes its pid, then holds until the file {@code release} appears in the lane. */
    private static final String HOLD = "echo $$ > started.tmp && mv started.tmp started; while [ ! -f release ]; do sleep 0.1; done";

    @AfterEach
    void releaseTheCommand() throws Exception {
        Files.write(lane.dir().resolve("release"), new byte[0]); // the orphaned CMD ends by itself
    }

    @Test
    @Timeout(120)
    void aKilledHolderIsShownEndedWithTheProcessThatStillHolds() throws Exception {
        ChildProcess holder = lane.start("holder", "run", "--label", "hold", "--", "sh", "-c", HOLD);
        await().atMost(CliLane.PATIENCE).until(() -> Files.exists(lane.dir().resolve("started")));
        long command = Long.parseLong(Files.readString(lane.dir().resolve("started")).trim());

        QueueSnapshot before = lane.snapshot();
        assertThat(before.holders()).hasSize(1);
        assertThat(before.ended(before.holders().get(0))).as("its own process runs").isFalse();

        holder.kill9(); // no shutdown hook: CMD (re-parented) runs on and keeps the lock
        assertThat(holder.exitsWithin(CliLane.PATIENCE)).isTrue();

        QueueSnapshot after = lane.snapshot();
        LockRecord held = after.holders().get(0);
        assertThat(held.pid()).isEqualTo(holder.pid());
        assertThat(after.ended(held)).isTrue();
        assertThat(after.keptBy(held)).containsExactly(command);

        assertThat(status("--dir", lane.dir().toString())).contains("holder:  lane lane-a (hold), pid " + holder.pid()
                + " ended; what it started (pid " + command + ") still holds, held for ");
        JsonNode json = new ObjectMapper().readTree(status("--json", "--dir", lane.dir().toString())).at("/queues/build/holder");
        assertThat(json.get("pid").asLong()).isEqualTo(holder.pid());
        assertThat(json.get("ended").asBoolean()).isTrue();
        assertThat(json.get("keptBy")).hasSize(1);
        assertThat(json.get("keptBy").get(0).asLong()).isEqualTo(command);
    }

    private String status(String... args) {
        String[] all = new String[args.length + 1];
        all[0] = "status";
        System.arraycopy(args, 0, all, 1, args.length);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code = Main.run(all, Map.of("TMPDIR", lane.queues().toString()), new PrintStream(out, true, StandardCharsets.UTF_8),
                System.err);
        assertThat(code).isZero();
        return out.toString(StandardCharsets.UTF_8);
    }
}
