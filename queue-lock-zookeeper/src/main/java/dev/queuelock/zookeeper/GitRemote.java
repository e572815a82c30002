package dev.queuelock.zookeeper;

import dev.queuelock.QueueLockException;
import dev.queuelock.process.GitCommand;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;

/** The URL of a git remote, asked of git itself (so {@code insteadOf} rewrites apply). */
final class GitRemote {

    private GitRemote() {
    }

    static String url(Path dir, String remote) {
        try {
            GitCommand.Result url = GitCommand.in(dir).withTimeout(Duration.ofSeconds(10)).run("remote", "get-url", "--", remote);
            if (url.ok() && !url.out.isBlank()) {
                return url.out.strip();
            }
        } catch (IOException e) {
            // no git: fall through to the message
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        throw new QueueLockException("cannot tell which repository " + dir + " lands to: git remote '" + remote
                + "' has no URL there; set " + ZooKeeperSettings.ZOOKEEPER_QUEUE_ID.name() + " (or " + ZooKeeperSettings.ZOOKEEPER_REMOTE.name() + ").");
    }
}
