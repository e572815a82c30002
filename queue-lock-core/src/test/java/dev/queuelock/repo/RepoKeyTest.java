package dev.queuelock.repo;

import static dev.queuelock.testsupport.TestGit.git;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.queuelock.spi.Queue;
import dev.queuelock.testsupport.ChildProcess;
import dev.queuelock.testsupport.ChildProcesses;
import dev.queuelock.testsupport.NpmPackage;
import dev.queuelock.testsupport.RepoKeyMain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** Which queue a directory belongs to: one per clone, shared by its worktrees, as the npm tool sees it. */
class RepoKeyTest {

    @RegisterExtension
    final ChildProcesses children = new ChildProcesses();

    @TempDir
    Path tmp;

    private Path main;
    private Path worktree;
    private Path otherClone;
    private Path plain;

    @BeforeEach
    void setUp() throws Exception {
        main = tmp.resolve("main");
        git(tmp, "init", "-q", main.toString());
        git(main, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "--allow-empty", "-m", "root");
        worktree = tmp.resolve("wt-a");
        git(main, "worktree", "add", "-q", worktree.toString());
        otherClone = tmp.resolve("clone");
        git(tmp, "clone", "-q", main.toString(), otherClone.toString());
        Files.createDirectories(main.resolve("sub/deeper"));
        Files.createDirectories(worktree.resolve("sub"));
        plain = Files.createDirectories(tmp.resolve("plain/sub"));
    }

    @Test
    void eachWorktreeHasAGitDirOfItsOwnAndAPlainDirectoryNone() throws Exception {
        assertThat(RepoKey.of(worktree.resolve("sub")).gitDir()).hasValue(main.resolve(".git/worktrees/wt-a").toRealPath());
        assertThat(RepoKey.of(main.resolve("sub/deeper")).gitDir()).hasValue(main.resolve(".git").toRealPath());
        assertThat(RepoKey.of(plain).gitDir()).isEmpty();
    }

    @Test
    @Timeout(60)
    void worktreesOfOneCloneShareAKeyAndAQueueWhileClonesDiffer() throws Exception {
        String commonDir = main.resolve(".git").toRealPath().toString();
        assertThat(RepoKey.of(main).key()).isEqualTo(commonDir);
        assertThat(RepoKey.of(main.resolve("sub/deeper")).key()).isEqualTo(commonDir);
        assertThat(RepoKey.of(worktree.resolve("sub")).key()).isEqualTo(commonDir);
        assertThat(queueOf(main)).isEqualTo(queueOf(worktree));

        assertThat(RepoKey.of(worktree.resolve("sub")).lane()).isEqualTo("wt-a");
        assertThat(RepoKey.of(main.resolve("sub/deeper")).lane()).isEqualTo("main");

        assertThat(RepoKey.of(otherClone).key()).isEqualTo(otherClone.resolve(".git").toRealPath().toString());
        assertThat(queueOf(otherClone)).isNotEqualTo(queueOf(main));
    }

    /** The build lock must not call the main checkout a lane: people look for a lane of that name and find none. */
    @Test
    @Timeout(60)
    void theMainCheckoutIsToldFromItsLanesAndFromOtherDirectories() throws Exception {
        assertThat(RepoKey.of(main.resolve("sub/deeper")).mainCheckout()).isTrue();
        assertThat(RepoKey.of(otherClone).mainCheckout()).as("another clone's main checkout").isTrue();
        assertThat(RepoKey.of(worktree.resolve("sub")).mainCheckout()).as("a linked worktree").isFalse();
        assertThat(RepoKey.of(plain).mainCheckout()).as("outside git").isFalse();
        Path bare = tmp.resolve("bare.git");
        git(tmp, "clone", "-q", "--bare", main.toString(), bare.toString());
        assertThat(RepoKey.of(bare).mainCheckout()).as("a bare repository has no checkout").isFalse();
    }

    @Test
    @Timeout(60)
    void symlinkedPathsResolveToThePhysicalCommonDir() throws Exception {
        Path link = Files.createSymbolicLink(tmp.resolve("link-to-wt"), worktree);
        assertThat(RepoKey.of(link.resolve("sub")).key()).isEqualTo(main.resolve(".git").toRealPath().toString());
    }

    @Test
    @Timeout(60)
    void outsideGitTheKeyIsTheDirectoryItself() throws Exception {
        assertThat(RepoKey.of(plain).key()).isEqualTo(plain.toRealPath().toString());
        assertThat(RepoKey.of(plain).worktree()).isEqualTo(plain.toRealPath());
        assertThat(RepoKey.of(plain).inGit()).isFalse();
        assertThat(RepoKey.of(main).inGit()).isTrue();
        assertThat(RepoKey.of(worktree.resolve("sub")).inGit()).isTrue();
    }

    @Test
    @Timeout(60)
    void aGitFileWithCommondirIsReadWithoutRunningGit() throws Exception {
        Path noTools = Files.createDirectory(tmp.resolve("empty-path"));
        ChildProcess r = runRepoKeyMain(worktree.resolve("sub"), noTools.toString());
        assertThat(r.stdout()).isEqualTo(main.resolve(".git").toRealPath() + "\n" + worktree.toRealPath() + "\n");
        assertThat(r.stderr()).isEmpty();
    }

    @Test
    @Timeout(60)
    void aCeilingDirectoryEndsTheSearchAsInGit() throws Exception {
        Path ceiling = Files.createDirectories(main.resolve("ceiling"));
        Path inner = Files.createDirectories(ceiling.resolve("inner"));
        ChildProcess r = children.jvm(RepoKeyMain.class, inner.toString()).env("GIT_CEILING_DIRECTORIES", ceiling.toString())
                .outputTo(tmp.resolve("ceiling")).start();
        r.awaitExit(Duration.ofSeconds(60));
        // git rev-parse, and so the npm tool, sees no repository there either.
        assertThat(r.stdout()).isEqualTo(inner.toRealPath() + "\n" + inner.toRealPath() + "\n");
    }

    @Test
    @Timeout(60)
    void aBareRepositoryIsReadWithoutRunningGit() throws Exception {
        Path bare = tmp.resolve("bare.git");
        git(tmp, "clone", "-q", "--bare", main.toString(), bare.toString());
        Path noTools = Files.createDirectory(tmp.resolve("no-tools"));
        ChildProcess r = runRepoKeyMain(bare.resolve("refs"), noTools.toString());
        assertThat(r.stdout()).isEqualTo(bare.toRealPath() + "\n" + bare.resolve("refs").toRealPath() + "\n");
        assertThat(r.stderr()).isEmpty();
    }

    @Test
    @Timeout(60)
    void nothingIsPrintedOutsideGit() throws Exception {
        // git is on the PATH here (and is not needed: nothing to read means outside git); no
        // "fatal: not a git repository" may leak.
        ChildProcess r = runRepoKeyMain(plain, System.getenv("PATH"));
        assertThat(r.stdout()).startsWith(plain.toRealPath() + "\n");
        assertThat(r.stderr()).isEmpty();
    }

    @Test
    @Timeout(300)
    void keyAndQueueNameEqualWhatTheNpmToolComputes() throws Exception {
        Path script = NpmPackage.script("repokey.mjs", String.join("\n",
                "import { repoKey } from 'claude-code-merge-queue/queue-lock';",
                "import { createHash } from 'node:crypto';",
                "const key = repoKey();",
                "process.stdout.write(JSON.stringify({ key, hash: createHash('sha1').update(key).digest('hex').slice(0, 12) }));",
                ""));
        Path link = Files.createSymbolicLink(tmp.resolve("link-to-main"), main);
        ObjectMapper json = new ObjectMapper();
        for (Path dir : List.of(main, main.resolve("sub/deeper"), worktree, worktree.resolve("sub"), otherClone,
                plain, link)) {
            JsonNode npm = json.readTree(NpmPackage.node(dir, List.of(script.toString())));
            assertThat(RepoKey.of(dir).key()).as("key of %s", dir).isEqualTo(npm.get("key").asText());
            assertThat(queueOf(dir).getFileName().toString()).as("queue of %s", dir)
                    .isEqualTo("claude-code-merge-queue-build-queue-" + npm.get("hash").asText());
        }
    }

    private Path queueOf(Path dir) {
        return Queue.in(tmp, "build", RepoKey.of(dir).key()).directory();
    }

    /** RepoKeyMain in a child JVM with only {@code path} as PATH; waits for it to finish. */
    private ChildProcess runRepoKeyMain(Path dir, String path) {
        ChildProcess p = children.jvm(RepoKeyMain.class, dir.toString()).env("PATH", path)
                .outputTo(tmp.resolve("repokey")).start();
        p.awaitExit(Duration.ofSeconds(60));
        return p;
    }
}
