package dev.queuelock.land.watch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.file.DirectoryEvents;
import dev.queuelock.testsupport.GitFixture;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The watch is woken by a commit on any branch of a real repository: also on one whose name has a
 * slash ({@code agent/foo} is the file {@code refs/heads/agent/foo}, a directory below what the
 * kernel reports on), and on one in a directory of branches created after the watch started.
 */
class DirectoryEventsTest {

    /** Far more than a commit's events take to arrive: a watch that missed one sleeps through it. */
    private static final long WAKE_MILLIS = 20_000;

    @TempDir
    Path tmp;

    private GitFixture git;
    private Path heads;

    @BeforeEach
    void aRepositoryWithABranchNamedWithASlash() throws Exception {
        git = new GitFixture(tmp);
        git.lane("agent/foo");
        heads = git.main.resolve(".git").resolve("refs").resolve("heads");
    }

    @Test
    @Timeout(120)
    void aCommitOnABranchNamedWithASlashWakesTheWatch() throws Exception {
        try (DirectoryEvents events = new DirectoryEvents(heads)) {
            events.watchTree(heads);
            settle(events);

            GitFixture.commit(tmp.resolve("agent/foo"), "a.txt", "a\n", "work on agent/foo");

            assertThat(events.await(WAKE_MILLIS)).isTrue();
        }
    }

    @Test
    @Timeout(120)
    void aBranchInADirectoryCreatedLaterWakesTheWatchAtItsCommits() throws Exception {
        try (DirectoryEvents events = new DirectoryEvents(heads)) {
            events.watchTree(heads);
            settle(events);

            Path lane = git.lane("team/bar/baz");
            assertThat(events.await(WAKE_MILLIS)).as("the new branch").isTrue();
            settle(events);
            GitFixture.commit(lane, "b.txt", "b\n", "work on team/bar/baz");

            assertThat(events.await(WAKE_MILLIS)).as("its commit").isTrue();
        }
    }

    /** Waits out what is still arriving (the branch's own creation), so what follows is the next change's. */
    private static void settle(DirectoryEvents events) throws InterruptedException {
        while (events.await(200)) {
            // drained
        }
    }
}
