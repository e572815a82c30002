package dev.queuelock.repository.changes;

import static dev.queuelock.testsupport.GitFixture.commit;
import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.testsupport.ChildProcess;
import dev.queuelock.testsupport.ChildProcesses;
import dev.queuelock.testsupport.GitFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** Issue 56: a git too old for {@code merge-tree --write-tree} (before 2.38) gets no guess: the verdict says it cannot tell. */
class TextualConflictTest {

    @RegisterExtension
    final ChildProcesses children = new ChildProcesses();

    @TempDir
    Path tmp;

    @Test
    void aGitOlderThan238SaysItCannotTellAndTheMachinesGitJudges() throws Exception {
        GitFixture repo = new GitFixture(Files.createDirectory(tmp.resolve("repo")));
        Path a = repo.lane("a");
        Path b = repo.lane("b");
        commit(a, "f.txt", "a\n", "a");
        commit(b, "f.txt", "b\n", "b");
        String first = GitFixture.git(a, "rev-parse", "HEAD").strip();
        String second = GitFixture.git(b, "rev-parse", "HEAD").strip();
        Path objects = repo.main.resolve(".git/objects");

        // git 2.37's merge-tree is the old three-tree command: any other arguments get its usage, exit 129.
        Path oldGit = Files.createDirectory(tmp.resolve("old-git"));
        Path script = oldGit.resolve("git");
        Files.writeString(script, "#!/bin/sh\nif [ \"$1\" = merge-tree ]; then\n"
                + "  echo 'usage: git merge-tree <base-tree> <branch1> <branch2>' >&2; exit 129\nfi\nexec '" + realGit() + "' \"$@\"\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        String path = oldGit + ":" + System.getenv("PATH");

        assertThat(verdict(a, objects, first, second, path))
                .isEqualTo("whether their commits conflict is not known: this git's merge-tree cannot merge without a worktree"
                        + " (git 2.38 or later can)");
        assertThat(verdict(a, objects, first, second, System.getenv("PATH"))).isEqualTo("their commits would conflict in f.txt");
    }

    /** The git on this JVM's PATH, which the old one hands every other command to. */
    private static Path realGit() {
        for (String dir : System.getenv("PATH").split(":")) {
            Path git = Path.of(dir, "git");
            if (Files.isExecutable(git)) {
                return git;
            }
        }
        throw new AssertionError("no git on the PATH");
    }

    private String verdict(Path worktree, Path objects, String first, String second, String path) throws Exception {
        ChildProcess trial = children.jvm(MergeOnTrial.class, worktree.toString(), objects.toString(), first, second)
                .env("PATH", path).log(tmp.resolve("trial-" + System.nanoTime() + ".log")).start();
        assertThat(trial.awaitExit(Duration.ofSeconds(60))).as(trial.output()).isZero();
        return trial.stdout().strip();
    }
}
