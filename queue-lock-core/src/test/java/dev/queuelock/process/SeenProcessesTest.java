package dev.queuelock.process;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.testsupport.ChildProcess;
import dev.queuelock.testsupport.ChildProcesses;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** What a watch's liveness keeps between looks, and that a process it kept as alive is still found dead. */
class SeenProcessesTest {

    @RegisterExtension
    final ChildProcesses children = new ChildProcesses();

    @TempDir
    Path tmp;

    private final SeenProcesses seen = new SeenProcesses();

    @Test
    @Timeout(60)
    void aKilledProcessKeptAsAliveIsFoundDead() {
        ChildProcess child = children.sleeper(tmp.resolve("child.log"));
        String start = ProcessStart.of(child.pid()).orElseThrow();
        assertThat(seen.isAlive(child.pid(), start)).isTrue();
        assertThat(seen.isAlive(child.pid(), start)).isTrue();
        assertThat(seen.remembered()).isEqualTo(Processes.current().identity(child.pid()) == null ? 0 : 1);

        child.kill9();

        assertThat(seen.isAlive(child.pid(), start)).isFalse();
        assertThat(seen.remembered()).isZero();
    }

    @Test
    @Timeout(60)
    void aRecordOfAnEarlierProcessWithThePidIsDeadAndNotKept() {
        ChildProcess child = children.sleeper(tmp.resolve("child.log"));
        String start = ProcessStart.of(child.pid()).orElseThrow();
        assertThat(seen.isAlive(child.pid(), start)).isTrue();

        assertThat(seen.isAlive(child.pid(), start + "0")).as("another start: another process").isFalse();
        assertThat(seen.isAlive(child.pid(), start)).isTrue();
    }

    @Test
    @Timeout(60)
    void whatIsNoLongerAskedAboutIsForgotten() {
        ChildProcess a = children.sleeper(tmp.resolve("a.log"));
        ChildProcess b = children.sleeper(tmp.resolve("b.log"));
        seen.isAlive(a.pid(), ProcessStart.of(a.pid()).orElseThrow());
        seen.isAlive(b.pid(), ProcessStart.of(b.pid()).orElseThrow());
        seen.forgetUnasked();
        int both = seen.remembered();

        seen.isAlive(a.pid(), ProcessStart.of(a.pid()).orElseThrow());
        seen.forgetUnasked();

        assertThat(seen.remembered()).isEqualTo(both / 2);
    }
}
