package dev.queuelock.land.checks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.testsupport.Timing;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A check interrupted (the lander stopped) is stopped as a tree, even one that ignores SIGTERM. */
class CommandChecksTest {

    @TempDir
    Path tmp;

    private Optional<ProcessHandle> check = Optional.empty();

    @AfterEach
    void clean() {
        check.ifPresent(ProcessHandle::destroyForcibly);
    }

    @Test
    @Timeout(60)
    void anInterruptedCheckThatIgnoresSigtermIsKilledBeforeRunReturns() throws Exception {
        Path log = tmp.resolve("logs/check.log");
        // exec: the check's own process ignores SIGTERM and is the sleep, its pid said first
        CommandChecks checks = new CommandChecks(List.of("sh", "-c", "trap '' TERM; echo $$; exec sleep 300"), Map.of());
        CompletableFuture<Thread> runner = new CompletableFuture<>();
        CompletableFuture<Boolean> result = CompletableFuture.supplyAsync(() -> {
            runner.complete(Thread.currentThread());
            try {
                return checks.run(tmp, log);
            } catch (InterruptedException e) {
                return null;
            }
        });
        Awaitility.await().atMost(Timing.forChildToStart()).until(() -> Files.exists(log) && Files.readString(log).endsWith("\n"));
        check = ProcessHandle.of(Long.parseLong(Files.readString(log).trim()));
        assertThat(check).isPresent();

        runner.get().interrupt();

        assertThat(result.get(30, TimeUnit.SECONDS)).as("run was interrupted").isNull();
        assertThat(check.get().isAlive()).as("stopped before run gave up: it would keep the locks").isFalse();
    }
}
