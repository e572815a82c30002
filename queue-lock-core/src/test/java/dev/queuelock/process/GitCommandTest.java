package dev.queuelock.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one git runner: argument arrays, output captured, nothing printed, no prompt. */
class GitCommandTest {

    @TempDir
    Path dir;

    @Test
    void capturesStdoutAndStderrAndTheExitCode() throws Exception {
        GitCommand.Result init = GitCommand.in(dir).run("init", "--quiet", "--initial-branch=main");
        assertThat(init.ok()).as(init.err).isTrue();

        GitCommand.Result branch = GitCommand.in(dir).run("symbolic-ref", "--short", "HEAD");
        assertThat(branch.out.strip()).isEqualTo("main");

        GitCommand.Result missing = GitCommand.in(dir).run("rev-parse", "--verify", "no-such-ref");
        assertThat(missing.ok()).isFalse();
        assertThat(missing.exit).isEqualTo(128);
        assertThat(missing.lastErrorLine()).contains("Needed a single revision");
    }

    @Test
    void anArgumentIsNeverAShellWord() throws Exception {
        GitCommand.in(dir).run("init", "--quiet");
        GitCommand.Result odd = GitCommand.in(dir).run("check-ref-format", "--branch", "x$(touch pwned);'\"");

        assertThat(odd.ok()).isFalse();
        assertThat(Files.exists(dir.resolve("pwned"))).isFalse();
    }

    @Test
    void passesTheEnvironmentAndNeverPrompts() throws Exception {
        GitCommand.Result var = GitCommand.in(dir).withEnvironment(Map.of("GIT_AUTHOR_NAME", "Lane Robot"))
                .run("var", "GIT_AUTHOR_IDENT");
        assertThat(var.out).startsWith("Lane Robot");
        assertThat(GitCommand.in(dir).run("var", "GIT_EDITOR").out.strip()).isEqualTo("true");
    }

    @Test
    void aMissingDirectoryIsAnIOException() {
        assertThatThrownBy(() -> GitCommand.in(dir.resolve("gone")).run("status")).isInstanceOf(IOException.class);
    }

    /** A command that only reads never takes a lock another git process in the worktree needs. */
    @Test
    void commandsThatOnlyReadRunWithoutOptionalLocks() {
        assertThat(GitCommand.onlyReads("status", "--porcelain")).isTrue();
        assertThat(GitCommand.onlyReads("rev-parse", "HEAD")).isTrue();
        assertThat(GitCommand.onlyReads("diff", "--quiet")).isTrue();
        assertThat(GitCommand.onlyReads("for-each-ref", "refs/heads")).isTrue();
        assertThat(GitCommand.onlyReads("worktree", "list", "--porcelain")).isTrue();
        assertThat(GitCommand.onlyReads("remote", "get-url", "--", "origin")).isTrue();
        assertThat(GitCommand.onlyReads("symbolic-ref", "--quiet", "--short", "HEAD")).isTrue();
        assertThat(GitCommand.onlyReads("config", "--get", "user.name")).isTrue();

        assertThat(GitCommand.onlyReads("rebase", "--abort")).isFalse();
        assertThat(GitCommand.onlyReads("worktree", "remove", "x")).isFalse();
        assertThat(GitCommand.onlyReads("symbolic-ref", "HEAD", "refs/heads/x")).isFalse();
        assertThat(GitCommand.onlyReads("config", "user.name", "x")).isFalse();
        assertThat(GitCommand.onlyReads("remote", "add", "x", "y")).isFalse();
        assertThat(GitCommand.onlyReads()).isFalse();
    }

    @Test
    void aStatusLeavesTheIndexAloneWhileAPlainOneRewritesIt() throws Exception {
        GitCommand.in(dir).run("init", "--quiet");
        Files.writeString(dir.resolve("a.txt"), "a\n");
        GitCommand.in(dir).run("add", "a.txt");
        Path index = dir.resolve(".git/index");
        Files.setLastModifiedTime(dir.resolve("a.txt"), java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() + 5_000));
        Files.setLastModifiedTime(index, java.nio.file.attribute.FileTime.fromMillis(0));

        assertThat(GitCommand.in(dir).run("status", "--porcelain").ok()).isTrue();
        assertThat(Files.getLastModifiedTime(index).toMillis()).as("not refreshed: no index.lock taken").isZero();

        Process plain = new ProcessBuilder("git", "status", "--porcelain").directory(dir.toFile()).start();
        plain.getInputStream().readAllBytes();
        assertThat(plain.waitFor()).isZero();
        assertThat(Files.getLastModifiedTime(index).toMillis()).as("a plain git status refreshes the index").isNotZero();
    }
}
