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

    /** Far past the usual hold of its kind: the warning says by what it judged, and what to look at; it never says to kill. */
    @Test
    void stuckWarningSaysWhatToLookAtAndNeverToKill() {
        WaitEvent farPast = new WaitEvent(0, List.of(holder), Duration.ofMinutes(25), true).withUsualHold(new UsualHold(Duration.ofMinutes(7), "mvn verify"));
        assertThat(new WaitText("Build queue", "build").line(farPast))
                .contains("Build queue: warning: lane wt-a (mvn verify), pid 4242, holding for 25m 00s, over 3 times this queue's usual"
                        + " mvn verify hold (7m 00s); look at lane wt-a's build (mvn verify) and its output where it was started;"
                        + " a live holder is never forced out.");
        assertThat(new WaitText("Build queue", "build").line(farPast).orElseThrow()).doesNotContainIgnoringCase("kill")
                .doesNotContain("stop it");
    }

    /** A holder whose record names where its output goes (a lander's check logs) is looked at there. */
    @Test
    void aLandCheckHolderIsLookedAtInItsCheckLog() {
        LockRecord lander = new LockRecord(2843, "app-lane-3", "land checks of app-lane-3", 0, null).withOutput("/repo/.git/queuelock/logs");
        WaitEvent farPast = new WaitEvent(0, List.of(lander), Duration.ofMinutes(25), true).withUsualHold(new UsualHold(Duration.ofMinutes(4), "land checks"));
        assertThat(new WaitText("Build queue", "build").line(farPast))
                .contains("Build queue: warning: lane app-lane-3 (land checks of app-lane-3), pid 2843, holding for 25m 00s, over 3 times"
                        + " this queue's usual land checks hold (4m 00s); look at lane app-lane-3's land checks of app-lane-3 and its"
                        + " output, the newest file in /repo/.git/queuelock/logs; a live holder is never forced out.");
    }

    /** A build in an mvnd daemon is named as such (the daemon serves other builds too), and nobody is told to kill anything. */
    @Test
    void aBuildInADaemonIsNamedAsOneAndNobodyIsToldToKillIt() {
        LockRecord inDaemon = new LockRecord(7713, "wt-a", "verify", 0, null).withRunsIn("mvnd daemon");
        WaitEvent farPast = new WaitEvent(0, List.of(inDaemon), Duration.ofMinutes(25), true).withUsualHold(new UsualHold(Duration.ofMinutes(7), "verify"));
        assertThat(new WaitText("Build queue", "build").line(farPast))
                .contains("Build queue: warning: lane wt-a (verify), in mvnd daemon 7713, holding for 25m 00s, over 3 times this queue's"
                        + " usual verify hold (7m 00s); look at lane wt-a's build (verify) and its output in the client that started it;"
                        + " a live holder is never forced out.");
        assertThat(new WaitText("Build queue", "build").line(WaitEvent.takeover(inDaemon)))
                .contains("Build queue: mvnd daemon 7713 (lane wt-a, verify) died; taking over");
    }

    /** A long hold that is not far past its kind's usual one is an ordinary line, with no warning. */
    @Test
    void aLongHoldThatIsNotFarPastItsUsualIsAnOrdinaryLine() {
        WaitEvent ordinary = new WaitEvent(0, List.of(holder), Duration.ofMinutes(7), false).withUsualHold(new UsualHold(Duration.ofMinutes(7), "verify"));
        assertThat(new WaitText("Build queue", "build").line(ordinary))
                .contains("Build queue: next up; lane wt-a (mvn verify), pid 4242, holding for 7m 00s");
    }

    @Test
    void theSlotsReasonIsALineOfItsOwn() {
        WaitEvent first = new WaitEvent(0, List.of(holder), Duration.ofSeconds(3), false).withSlotsReason("2 (fixed)");
        assertThat(new WaitText("Build queue", "build").slotsLine(first)).contains("Build queue: slots: 2 (fixed)");
        assertThat(new WaitText("Build queue", "build").slotsLine(new WaitEvent(0, List.of(holder), Duration.ofSeconds(3), false)))
                .isEmpty();
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
