package dev.queuelock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.queuelock.testsupport.ChildProcess;
import dev.queuelock.testsupport.LockWorkers;
import dev.queuelock.testsupport.LockWorkersTestSupport;
import dev.queuelock.testsupport.WorkerEvent;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A waiter whose ticket is deleted under it (a tmp cleaner) re-enrolls at its original place. */
class VanishedTicketTest extends LockWorkersTestSupport {

    @Test
    @Timeout(120)
    void reEnrollsUnderTheSameNameAndDoesNotJumpTheQueue() throws Exception {
        LockWorkers workers = workersOnNewRepo();
        ChildProcess holder = workers.startHolder("holder");
        ChildProcess first = workers.startWaiter("first", 10);
        ChildProcess second = workers.startWaiter("second", 10);

        Path ticket = ticketOf(first);
        String name = ticket.getFileName().toString();
        String content = Files.readString(ticket);
        Files.delete(ticket);

        await("re-enrollment of " + name).atMost(LockWorkers.PATIENCE).pollInterval(Duration.ofMillis(10))
                .until(() -> Files.exists(ticket) && Files.size(ticket) > 0); // created, then written
        assertThat(Files.readString(ticket)).as("same record, original ts").isEqualTo(content);
        // In the gap the second may briefly see nobody ahead (the first could have died); once the
        // first is back, it is ahead again.
        await().atMost(LockWorkers.PATIENCE).until(() -> lastAhead(workers, second) == 1);

        holder.sigterm();
        assertThat(first.awaitExit(Duration.ofSeconds(60))).as(first.output()).isZero();
        assertThat(second.awaitExit(Duration.ofSeconds(60))).as(second.output()).isZero();
        List<String> order = workers.events("acquired").stream().map(WorkerEvent::label).collect(Collectors.toList());
        assertThat(order).containsExactly("holder", "first", "second");
    }

    private static int lastAhead(LockWorkers workers, ChildProcess waiter) {
        List<WorkerEvent> waits = workers.events("wait", waiter);
        return waits.get(waits.size() - 1).ahead();
    }

    private Path ticketOf(ChildProcess worker) throws IOException {
        try (Stream<Path> queues = Files.list(tmp)) {
            Path tickets = queues.filter(p -> p.getFileName().toString().startsWith("claude-code-merge-queue-"))
                    .findFirst().orElseThrow().resolve("tickets");
            try (Stream<Path> names = Files.list(tickets)) {
                return names.filter(p -> p.getFileName().toString().endsWith("-" + worker.pid())).findFirst()
                        .orElseThrow();
            }
        }
    }
}
