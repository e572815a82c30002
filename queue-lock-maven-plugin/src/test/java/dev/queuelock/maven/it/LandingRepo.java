package dev.queuelock.maven.it;

import dev.queuelock.AcquireOptions;
import dev.queuelock.QueueLock;
import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.process.OrphanWatchdog;
import dev.queuelock.spi.Queue;
import dev.queuelock.testsupport.TestGit;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * A test's landing set-up: a bare remote, a main checkout of the {@link TestRepos} project pushed
 * to it, lanes as worktrees, and the real {@code mvn} runs started in them (stopped by {@link #close()}).
 */
final class LandingRepo implements AutoCloseable {

    final Path work;
    final Path origin;
    final Path main;
    private final List<MavenRun> runs = new ArrayList<>();

    private LandingRepo(Path work, Path origin, Path main) {
        this.work = work;
        this.origin = origin;
        this.main = main;
    }

    /** The remote's default branch is {@code branch}; {@code origin/HEAD} is set only if {@code setHead}. */
    static LandingRepo create(Path work, String branch, boolean setHead) throws Exception {
        return create(work, "main", branch, setHead);
    }

    /** As {@link #create(Path, String, boolean)}, the main checkout in {@code work/<directory>} (lanes are named after it). */
    static LandingRepo create(Path work, String directory, String branch, boolean setHead) throws Exception {
        Path origin = work.resolve("origin.git");
        git(work, "init", "-q", "--bare", "--initial-branch=" + branch, origin.toString());
        Path main = TestRepos.repoWithWorktrees(work.resolve(directory)).get(0).toRealPath();
        git(main, "branch", "-M", branch);
        git(main, "remote", "add", "origin", origin.toString());
        git(main, "push", "-q", "-u", "origin", branch);
        if (setHead) {
            git(main, "remote", "set-head", "origin", branch);
        }
        return new LandingRepo(work, origin, main);
    }

    /**
     * As {@link #create(Path, String, boolean)} on {@code main}, with the project {@code project}
     * ({@link TestPoms#copyProject}) committed and pushed on top, its {@code target/} ignored.
     */
    static LandingRepo withProject(Path work, String project) throws Exception {
        LandingRepo repo = create(work, "main", true);
        TestPoms.copyProject(project, repo.main);
        Files.writeString(repo.main.resolve(".gitignore"), "target/\n", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        repo.commitAndPush(project.replace('-', ' '));
        return repo;
    }

    /** Only the {@code mvn} runs, for a test that makes its own repositories under {@code work}. */
    static LandingRepo of(Path work) {
        return new LandingRepo(work, null, null);
    }

    /** Commits everything in the main checkout and pushes it: a test's own project on top of the shared one. */
    void commitAndPush(String message) {
        git(main, "add", "-A");
        git(main, "commit", "-q", "-m", message);
        git(main, "push", "-q", "origin", "HEAD");
    }

    /** A worktree on a new branch from {@code origin/<base>} with one commit touching {@code file}. */
    Path lane(String name, String file, String base) throws Exception {
        Path lane = work.resolve(name);
        git(main, "worktree", "add", "-q", "-b", name, lane.toString(), "origin/" + base);
        Path path = lane.resolve(file);
        Files.writeString(path, (Files.exists(path) ? Files.readString(path) : "") + "<!-- " + name + " -->\n");
        git(lane, "add", file);
        git(lane, "commit", "-q", "-m", name + " work");
        return lane;
    }

    List<String> remoteSubjects(String branch) throws Exception {
        return List.of(git(origin, "log", "--format=%s", branch).split("\n"));
    }

    Path tmp() {
        return work.resolve("tmp");
    }

    /**
     * This repository's land queue, held by the test: landers started now queue behind it (in the
     * order they start) until it is released, with no landing and check build of their own to wait for.
     */
    QueueLock holdLandQueue() throws Exception {
        Files.createDirectories(tmp());
        QueueLock land = QueueLockFactory.defaults().withTmpDir(tmp()).open(Queue.LAND, main);
        land.acquire(AcquireOptions.defaults().withLabel("test holds the land queue"));
        return land;
    }

    MavenRun mvn(Path dir, String name, String... args) throws IOException {
        return mvnOn(null, dir, name, args);
    }

    /** As {@link #mvn}, with {@code env} added to Maven's environment. */
    MavenRun mvnWith(java.util.Map<String, String> env, Path dir, String name, String... args) throws IOException {
        Files.createDirectories(tmp());
        return track(MavenRun.startOn(null, env, MavenRun.IT_REPO, dir, tmp(), work.resolve(name + ".log"), args));
    }

    /** As {@link #mvn}, on Maven {@code version} ({@link MavenRun#otherMavens()}); null: the one on PATH. */
    MavenRun mvnOn(String version, Path dir, String name, String... args) throws IOException {
        Files.createDirectories(tmp());
        return track(MavenRun.startOn(version, MavenRun.IT_REPO, dir, tmp(), work.resolve(name + ".log"), args));
    }

    /** Another kind of run (a hook, say), stopped by {@link #close()} with the rest. */
    MavenRun track(MavenRun run) {
        runs.add(run);
        return run;
    }

    @Override
    public void close() {
        runs.forEach(MavenRun::close);
    }

    /** Whether a process is a lander's watchdog (it stops the lander's check if the lander dies). */
    static boolean isWatchdog(ProcessHandle process) {
        return process.info().arguments().map(a -> List.of(a).contains(OrphanWatchdog.class.getName())).orElse(false);
    }

    static String git(Path dir, String... args) {
        return TestGit.git(dir, args);
    }

    static TestGit.Result tryGit(Path dir, String... args) {
        return TestGit.tryGit(dir, args);
    }
}
