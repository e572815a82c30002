package dev.queuelock.zookeeper;

import dev.queuelock.config.QueueLockProperties;
import dev.queuelock.QueueLockException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** The URL of a git remote, asked of git itself (so {@code insteadOf} rewrites apply). */
final class GitRemote {

    private GitRemote() {
    }

    static String url(Path dir, String remote) {
        try {
            Process git = new ProcessBuilder("git", "remote", "get-url", "--", remote)
                    .directory(dir.toFile())
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
            git.getOutputStream().close();
            String out;
            try (InputStream in = git.getInputStream()) {
                out = new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
            }
            if (git.waitFor(10, TimeUnit.SECONDS) && git.exitValue() == 0 && !out.isEmpty()) {
                return out;
            }
            git.destroyForcibly();
        } catch (IOException e) {
            // no git: fall through to the message
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        throw new QueueLockException("cannot tell which repository " + dir + " lands to: git remote '" + remote
                + "' has no URL there; set " + QueueLockProperties.ZOOKEEPER_QUEUE_ID + " (or " + QueueLockProperties.ZOOKEEPER_REMOTE + ").");
    }
}
