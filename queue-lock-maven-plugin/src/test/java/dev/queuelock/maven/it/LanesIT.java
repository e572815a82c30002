package dev.queuelock.maven.it;

import static dev.queuelock.testsupport.TestGit.git;
import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.land.setup.ClaudeSettings;
import dev.queuelock.testsupport.FakeAgent;
import dev.queuelock.testsupport.ProcessTree;
import dev.queuelock.testsupport.Timing;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Hands-off lanes as agents and people use them: real Maven, real git, a bare remote, sibling worktrees. */
class LanesIT {

    private static final Duration MVN = Timing.forMaven();
    private static final String LITTER = "-Dqueuelock.lanes.disposableUntracked=scratchpad/";
    private static final String INIT = "dev.queuelock:queue-lock-maven-plugin:" + TestRepos.VERSION + ":init";

    @TempDir
    Path work;

    LandingRepo repo;
    Path origin;
    Path main;
    private final List<Process> occupants = new ArrayList<>();

    @BeforeEach
    void repoWithRemote() throws Exception {
        repo = LandingRepo.create(work, "shop", "main", true);
        origin = repo.origin;
        main = repo.main;
        // A POM that writes the lane's port where the test can read it; ports start at 9100 here.
        Files.writeString(main.resolve("pom.xml"), TestPoms.text("port.xml"), StandardCharsets.UTF_8);
        Files.writeString(main.resolve(".gitignore"), "target/\n", StandardCharsets.UTF_8);
        // The hook's mvn gets no -D from the test: the IT repository comes from the project's config too.
        Files.writeString(main.resolve(".mvn/maven.config"), "-Dqueuelock.lanes.portBase=9100\n-Dmaven.repo.local=" + MavenRun.IT_REPO
                + "\n", StandardCharsets.UTF_8);
        Files.writeString(main.resolve("README.txt"), "shop\n", StandardCharsets.UTF_8);
        repo.commitAndPush("port pom");
    }

    @AfterEach
    void stop() {
        repo.close();
        occupants.forEach(ProcessTree::destroy);
    }

    @Test
    @Timeout(400)
    void initWritesAgentSetupOnceAndUninstallLeavesTheRepositoryByteIdentical() throws Exception {
        // A Windows-made extensions.xml (CRLF, no final newline) and a 4-space settings.json with inline arrays.
        String extensions = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\r\n<extensions>\r\n</extensions>";
        Files.writeString(main.resolve(".mvn/extensions.xml"), extensions, StandardCharsets.UTF_8);
        Files.writeString(main.resolve("CLAUDE.md"), "# Shop\n\nUse Java 17.\n", StandardCharsets.UTF_8);
        Files.writeString(main.resolve("AGENTS.md"), "Be brief.", StandardCharsets.UTF_8);
        Files.createDirectories(main.resolve(".claude"));
        String settings = "{\n    \"permissions\": {\n        \"allow\": [\"Bash(mvn:*)\", \"Read\"]\n    },\n"
                + "    \"hooks\": {\n        \"PreToolUse\": [{\"matcher\": \"Bash\", \"hooks\": [{\"type\": \"command\","
                + " \"command\": \"./check.sh\"}]}]\n    }\n}\n";
        Files.writeString(main.resolve(".claude/settings.json"), settings, StandardCharsets.UTF_8);
        Map<String, String> before = snapshot();

        MavenRun first = mvn(main, "init-1", INIT, "-Dqueuelock.promote.productionBranch=prod");
        assertThat(first.awaitExit(MVN)).as(first.log()).isZero();
        assertThat(main.resolve("CLAUDE.md")).content().startsWith("# Shop\n\nUse Java 17.\n")
                .contains("<!-- queue-lock:agent-instructions -->", "mvn queuelock:land", "git rebase --continue",
                        "`prod` is production: not your call")
                .doesNotContain("queuelock:promote");
        assertThat(main.resolve("AGENTS.md")).content().startsWith("Be brief.").contains("mvn queuelock:land");
        assertThat(main.resolve(".claude/settings.json")).content().contains("Bash(mvn:*)", "./check.sh", "WorktreeCreate",
                "queuelock:lane -Dqueuelock.lane.hook=true");
        assertThat(main.resolve(".mvn/extensions.xml")).content().startsWith("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\r\n"
                + "<extensions>\r\n  <extension>\r\n    <groupId>dev.queuelock</groupId>\r\n").endsWith("</extension>\r\n</extensions>");
        assertThat(Files.readString(main.resolve(".mvn/extensions.xml")).replace("\r\n", "")).as("CRLF lines only").doesNotContain("\n");
        String merged = Files.readString(main.resolve(".claude/settings.json"));
        assertThat(merged).as("every line init did not add as it was, its own in the file's style")
                .startsWith(settings.substring(0, settings.indexOf("}]}]\n") + 4) + ",\n        \"WorktreeCreate\": [{\n"
                        + "            \"hooks\": [{\n                \"type\": \"command\",\n")
                .endsWith("            }]\n        }]\n    }\n}\n");
        Map<String, String> initialized = snapshot();

        MavenRun second = mvn(main, "init-2", "queuelock:init", "-Dqueuelock.promote.productionBranch=prod");
        assertThat(second.awaitExit(MVN)).as(second.log()).isZero();
        assertThat(snapshot()).as("init twice changes nothing").isEqualTo(initialized);

        MavenRun uninstall = mvn(main, "uninstall", "queuelock:uninstall");
        assertThat(uninstall.awaitExit(MVN)).as(uninstall.log()).isZero();
        assertThat(snapshot()).as("uninstall undoes init byte for byte").isEqualTo(before);
    }

    @Test
    @Timeout(600)
    void theHookMakesNumberedLanesWithPortsAndALandPrunesOnlyLandedIdleSiblings() throws Exception {
        String payload = "{\"session_id\":\"%s\",\"transcript_path\":\"/tmp/t.jsonl\",\"cwd\":\"" + main
                + "\",\"hook_event_name\":\"WorktreeCreate\",\"name\":\"%s\"}";
        MavenRun hookA = hook("hook-a", String.format(payload, "s1", "bright-fox"));
        MavenRun hookB = hook("hook-b", String.format(payload, "s2", "calm-owl"));
        assertThat(hookA.awaitExit(MVN)).as(hookA.log()).isZero();
        assertThat(hookB.awaitExit(MVN)).as(hookB.log()).isZero();
        List<String> made = List.of(lastLine(hookA.log()), lastLine(hookB.log()));
        Path lane1 = main.resolveSibling("shop-lane-1");
        Path lane2 = main.resolveSibling("shop-lane-2");
        assertThat(made).as("claimed concurrently, each its own number").containsExactlyInAnyOrder(lane1.toString(), lane2.toString());
        assertThat(git(lane2, "symbolic-ref", "--short", "HEAD")).isEqualTo("lane/2");

        MavenRun build = mvn(lane2, "build-lane-2", "validate");
        assertThat(build.awaitExit(MVN)).as(build.log()).isZero();
        assertThat(lane2.resolve("target/port.txt")).content().isEqualTo("port=9102");
        MavenRun badBase = mvn(lane2, "build-lane-2-bad-base", "validate", "-Dqueuelock.lanes.portBase=abc");
        assertThat(badBase.awaitExit(MVN)).as("the build does not need the port: " + badBase.log()).isZero();
        assertThat(badBase.log()).contains("[WARNING] queuelock.lanes.portBase must be a whole number from 1 to 65435, not 'abc';"
                + " queuelock.lane.number and queuelock.lane.port are not set in this build.");
        assertThat(lane2.resolve("target/port.txt")).content().isEqualTo("port=${queuelock.lane.port}");

        // lane 1: no commits, but an agent's process works in it. lane 2: work not landed, idle for hours.
        occupants.add(new ProcessBuilder(agentProcess().toString(), "600").directory(lane1.toFile()).start());
        commit(lane2, "two.txt", "two work");
        idleFor(lane2, Duration.ofHours(2));
        // lane 3: its work is already on origin/main, and a shell was left open in it. lane 4: lands now.
        Path lane3 = gitLane(3);
        commit(lane3, "three.txt", "three work");
        git(lane3, "push", "-q", "origin", "lane/3:main");
        Process shell = new ProcessBuilder("sh").directory(lane3.toFile()).start(); // waits on its standard input
        occupants.add(shell);
        Path lane4 = gitLane(4);
        git(lane4, "pull", "-q", "--rebase", "origin", "main");
        commit(lane4, "four.txt", "four work");
        // lane 5: work not landed, committed a moment ago (its agent is between two commands).
        commit(gitLane(5), "five.txt", "five work");
        // lane 6: no commits, nothing but session litter, made and left hours ago: past its grace as a new lane.
        Path lane6 = gitLane(6);
        Files.createDirectories(lane6.resolve("scratchpad"));
        Files.writeString(lane6.resolve("scratchpad/notes.txt"), "thinking\n");
        idleFor(lane6, Duration.ofHours(2));

        MavenRun land = mvn(lane4, "land-4", "queuelock:land", "-Dqueuelock.land.checkGoals=validate", LITTER);
        assertThat(land.awaitExit(MVN)).as(land.log()).isZero();
        assertThat(land.log()).contains("lane shop-lane-4 (lane/4) landed on origin/main", "orphaned lane shop-lane-2 (lane/2)",
                        "pruned new lane shop-lane-6 (lane/6), freeing ")
                .containsPattern("pruned new lane shop-lane-6 \\(lane/6\\), freeing [0-9.]+ [kMG]B: no commits, unused for 2h")
                .containsPattern("kept new lane shop-lane-1 \\(lane/1\\): in use \\(agent claude \\(pid \\d+\\)\\)")
                .containsPattern("pruned landed lane shop-lane-3 \\(lane/3\\), freeing [0-9.]+ [kMG]B \\(still running there, not ours to stop: sh \\(pid "
                        + shell.pid() + "\\)\\)")
                .doesNotContain("orphaned lane shop-lane-5", "orphaned lane shop-lane-6");
        assertThat(lane3).as("landed; a shell does not keep it").doesNotExist();
        assertThat(lane6).as("new and unused past its grace; litter is no work").doesNotExist();
        assertThat(lane1).as("an agent works in it").exists();
        assertThat(lane2).as("unlanded commits").exists();
        assertThat(lane4).as("the lane that landed").exists();
        assertThat(shell.isAlive()).as("never stopped by a prune").isTrue();

        MavenRun status = mvn(main, "status", "queuelock:status", LITTER);
        assertThat(status.awaitExit(MVN)).as(status.log()).isZero();
        assertThat(status.log()).contains("lanes: 4")
                .containsPattern("lane 1  lane/1  \\+0/-\\d+  new  in use \\(agent claude \\(pid \\d+\\)\\)  port 9101")
                .containsPattern("lane 2  lane/2  \\+1/-\\d+  working  idle 2h \\d\\dm \\d\\ds  port 9102  ORPHANED")
                .containsPattern("lane 4  lane/4  \\+0/-0  landed  idle [0-9hms ]+  port 9104\n")
                .containsPattern("lane 5  lane/5  \\+1/-\\d+  working  idle [0-9hms ]+  port 9105\n");
    }

    private Path agentProcess() throws IOException {
        return FakeAgent.program(work.resolve("agent-bin"));
    }

    /** Every file of the lane and of its git directory last changed {@code ago}: no sign of work since. */
    private static void idleFor(Path lane, Duration ago) throws Exception {
        java.nio.file.attribute.FileTime then = java.nio.file.attribute.FileTime.fromMillis(
                System.currentTimeMillis() - ago.toMillis());
        Path gitDir = lane.resolve(git(lane, "rev-parse", "--git-dir"));
        for (Path dir : List.of(lane, gitDir)) {
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path file : (Iterable<Path>) files::iterator) {
                    Files.setLastModifiedTime(file, then);
                }
            }
        }
    }

    @Test
    @Timeout(600)
    void promoteFastForwardsProductionOnlyAndPreviewRestoresMainExactly() throws Exception {
        git(main, "push", "-q", "origin", "main:prod");
        commit(main, "landed.txt", "landed work");
        git(main, "push", "-q", "origin", "main");

        MavenRun promote = mvn(main, "promote-1", "queuelock:promote", "-Dqueuelock.promote.productionBranch=prod");
        assertThat(promote.awaitExit(MVN)).as(promote.log()).isZero();
        assertThat(git(origin, "rev-parse", "prod")).isEqualTo(git(origin, "rev-parse", "main"));

        Path hotfix = work.resolve("hotfix");
        git(work, "clone", "-q", "--branch", "prod", origin.toString(), hotfix.toString());
        commit(hotfix, "hotfix.txt", "hotfix on prod");
        git(hotfix, "push", "-q", "origin", "prod");
        String prodBefore = git(origin, "rev-parse", "prod");
        commit(main, "more.txt", "more work");
        git(main, "push", "-q", "origin", "main");

        MavenRun refused = mvn(main, "promote-2", "queuelock:promote", "-Dqueuelock.promote.productionBranch=prod");
        assertThat(refused.awaitExit(MVN)).isNotZero();
        assertThat(refused.log()).contains("refusing to promote", "1 commit(s) that are not on origin/main").doesNotContain("\tat ");
        assertThat(git(origin, "rev-parse", "prod")).isEqualTo(prodBefore);

        Path lane = gitLane(1);
        Files.writeString(lane.resolve("README.txt"), "shop, previewed\n");
        Files.createDirectories(lane.resolve("src/new"));
        Files.writeString(lane.resolve("src/new/Added.txt"), "new\n");
        Files.createDirectories(lane.resolve("target"));
        Files.writeString(lane.resolve("target/junk.class"), "build output\n");
        Map<String, String> mainBefore = snapshot();

        MavenRun preview = mvn(lane, "preview", "queuelock:preview");
        assertThat(preview.awaitExit(MVN)).as(preview.log()).isZero();
        assertThat(main.resolve("README.txt")).content().isEqualTo("shop, previewed\n");
        assertThat(main.resolve("src/new/Added.txt")).exists();
        assertThat(main.resolve("target/junk.class")).as("never build output").doesNotExist();

        MavenRun restore = mvn(lane, "restore", "queuelock:preview", "-Dqueuelock.preview.restore");
        assertThat(restore.awaitExit(MVN)).as(restore.log()).isZero();
        assertThat(snapshot()).as("main as it was").isEqualTo(mainBefore);
    }

    private Path gitLane(int n) throws Exception {
        Path lane = main.resolveSibling("shop-lane-" + n);
        git(main, "worktree", "add", "-q", "-b", "lane/" + n, lane.toString(), "HEAD");
        return lane;
    }

    private static void commit(Path dir, String file, String message) throws Exception {
        Files.writeString(dir.resolve(file), message + "\n");
        git(dir, "add", file);
        git(dir, "commit", "-q", "-m", message);
    }

    private MavenRun hook(String name, String json) throws IOException {
        Files.createDirectories(repo.tmp());
        return repo.track(MavenRun.hook(main, repo.tmp(), work.resolve(name + ".out"), work.resolve(name + ".err"),
                json, ClaudeSettings.hookCommand("mvn")));
    }

    /** The hook contract: the last line of standard output, exactly (no escape codes around it). */
    private static String lastLine(String out) {
        assertThat(out).endsWith("\n");
        String[] lines = out.split("\n");
        return lines[lines.length - 1];
    }

    /** Every file and directory of the main checkout (and the git hooks) with a hash of its content. */
    private Map<String, String> snapshot() throws Exception {
        Map<String, String> files = new TreeMap<>();
        List<Path> roots = List.of(main, main.resolve(".git/hooks"));
        for (Path root : roots) {
            try (Stream<Path> walk = Files.walk(root)) {
                for (Path p : (Iterable<Path>) walk::iterator) {
                    String rel = main.relativize(p).toString();
                    // target/: build output (Maven 4 keeps its project-local repository there)
                    if (root.equals(main) && (rel.equals(".git") || rel.startsWith(".git/") || rel.equals("target")
                            || rel.startsWith("target/"))) {
                        continue;
                    }
                    files.put(rel, Files.isDirectory(p) ? "dir" : HexFormat.of().formatHex(
                            MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(p))) + " " + Files.getPosixFilePermissions(p));
                }
            }
        }
        return files;
    }

    private MavenRun mvn(Path dir, String name, String... args) throws IOException {
        return repo.mvn(dir, name, args);
    }
}
