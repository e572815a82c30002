package dev.queuelock;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class WaitTextTest {

    private final LockRecord holder = new LockRecord(4242, "wt-a", "mvn verify", 0, null);

    @Test
    void namesPositionAndHolder() {
        WaitText text = new WaitText("Build queue", "build");
        assertThat(text.waited()).isFalse();
        assertThat(text.line(new WaitEvent(2, List.of(holder), Duration.ofSeconds(65), false)))
                .contains("Build queue: 2 builds ahead; lane wt-a (mvn verify), pid 4242, holding for 1m 05s");
        assertThat(text.line(new WaitEvent(1, List.of(holder), Duration.ofSeconds(70), false)))
                .contains("Build queue: 1 build ahead; lane wt-a (mvn verify), pid 4242, holding for 1m 10s");
        assertThat(text.line(new WaitEvent(0, List.of(holder), Duration.ofSeconds(3), false)))
                .contains("Build queue: next up; lane wt-a (mvn verify), pid 4242, holding for 3s");
        assertThat(text.waited()).isTrue();
    }

    @Test
    void aFreeLockIsSaidOnlyAsTheFirstLine() {
        assertThat(new WaitText("Land queue", "landing").line(new WaitEvent(1, List.of(), Duration.ZERO, false)))
                .contains("Land queue: 1 landing ahead; nobody holds it now");
        WaitText text = new WaitText("Land queue", "landing");
        text.line(new WaitEvent(1, List.of(holder), Duration.ofSeconds(1), false));
        assertThat(text.line(new WaitEvent(0, List.of(), Duration.ZERO, false))).isEmpty();
    }

    @Test
    void anEstimateIsAppended() {
        assertThat(new WaitText("Land queue", "landing")
                .line(new WaitEvent(1, List.of(holder), Duration.ofSeconds(5), false), Optional.of(Duration.ofSeconds(90))))
                .contains("Land queue: 1 landing ahead; lane wt-a (mvn verify), pid 4242, holding for 5s, ETA ~1m 30s");
    }

    @Test
    void stuckWarningSaysWhatToDo() {
        assertThat(new WaitText("Build queue", "build").line(new WaitEvent(0, List.of(holder), Duration.ofMinutes(10), true)))
                .contains("Build queue: warning: lane wt-a (mvn verify), pid 4242, holding for 10m 00s"
                        + " - if it is stuck, stop it (kill 4242); a live holder is never forced out.");
    }

    /** A build in an mvnd daemon is named as such (the daemon serves other builds too), and nobody is told to kill the daemon for it. */
    @Test
    void aBuildInADaemonIsNamedAsOneAndItsDaemonIsNotTheOneToKill() {
        LockRecord inDaemon = new LockRecord(7713, "wt-a", "verify", 0, null).withRunsIn("mvnd daemon");
        assertThat(new WaitText("Build queue", "build").line(new WaitEvent(0, List.of(inDaemon), Duration.ofMinutes(10), true)))
                .contains("Build queue: warning: lane wt-a (verify), in mvnd daemon 7713, holding for 10m 00s - if it is stuck,"
                        + " stop it (Ctrl-C in its client; killing mvnd daemon 7713 stops every build in it); a live holder is never forced out.");
        assertThat(new WaitText("Build queue", "build").line(WaitEvent.takeover(inDaemon)))
                .contains("Build queue: mvnd daemon 7713 (lane wt-a, verify) died; taking over");
    }

    @Test
    void aHolderThatEndedIsNotNamedAsOneToKill() {
        WaitEvent ended = new WaitEvent(0, List.of(holder), Duration.ofMinutes(10), true).ofEndedHolder();
        assertThat(new WaitText("Build queue", "build").line(ended))
                .contains("Build queue: next up; lane wt-a (mvn verify), pid 4242, holding for 10m 00s - pid 4242 has ended,"
                        + " and what it started (a check build) still runs and keeps the lock until it ends.");
    }

    @Test
    void severalHoldersAreEachNamedWithHowLongTheyHeld() {
        LockRecord later = new LockRecord(4343, "wt-b", "mvn test", 45_000, null);
        assertThat(new WaitText("Build queue", "build").line(new WaitEvent(1, List.of(holder, later), Duration.ofSeconds(65), false)))
                .contains("Build queue: 1 build ahead; lane wt-a (mvn verify), pid 4242, holding for 1m 05s;"
                        + " lane wt-b (mvn test), pid 4343, holding for 20s");
    }
}
