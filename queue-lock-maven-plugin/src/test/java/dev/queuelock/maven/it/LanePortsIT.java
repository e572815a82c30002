package dev.queuelock.maven.it;

import static dev.queuelock.testsupport.TestGit.git;
import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.land.git.Git;
import dev.queuelock.land.lanes.LaneClaim;
import dev.queuelock.land.lanes.LaneCreated;
import dev.queuelock.land.lanes.LaneLayout;
import dev.queuelock.land.lanes.LaneSettings;
import dev.queuelock.land.setup.ClaudeSettings;
import dev.queuelock.repository.ports.PortRegistry;
import dev.queuelock.testsupport.Timing;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Eight lanes of one repository, four made by Claude Code's hook in four Mavens at once and four by
 * the lane goal's own code in this JVM: each gets the main checkout's {@code .env} (named by
 * {@code .worktreeinclude}) and three named ports no other lane holds, the same on every ask, which
 * its builds and {@code queuelock:port} see; a pruned lane and one removed by hand give theirs back.
 */
class LanePortsIT {

    private static final Duration MVN = Timing.forMaven();
    private static final List<String> NAMES = List.of("http", "db", "debug");
    private static final String SETTINGS = "-Dqueuelock.lanes.ports=http,db,debug\n-Dqueuelock.lanes.namedPortBase=24100\n"
            + "-Dqueuelock.lanes.portBase=9100\n";

    @TempDir
    Path work;

    LandingRepo repo;
    Path main;

    @BeforeEach
    void repoWithRemote() throws Exception {
        repo = LandingRepo.create(work, "shop", "main", true);
        main = repo.main;
        Files.writeString(main.resolve("pom.xml"), TestPoms.text("ports.xml"), StandardCharsets.UTF_8);
        Files.writeString(main.resolve(".gitignore"), "target/\n.env\n", StandardCharsets.UTF_8);
        Files.writeString(main.resolve(".worktreeinclude"), ".env\n", StandardCharsets.UTF_8);
        // The hook's mvn gets no -D from the test: the settings come from the project's config.
        Files.writeString(main.resolve(".mvn/maven.config"), SETTINGS + "-Dmaven.repo.local=" + MavenRun.IT_REPO + "\n",
                StandardCharsets.UTF_8);
        repo.commitAndPush("ports pom, local files");
        Files.writeString(main.resolve(".env"), "TOKEN=main's\n", StandardCharsets.UTF_8);
    }

    @AfterEach
    void stop() {
        repo.close();
    }

    @Test
    @Timeout(900)
    void eightLanesGetTheEnvFileAndTwentyFourDistinctPortsTheSameOnEveryAsk() throws Exception {
        List<MavenRun> hooks = new ArrayList<>();
        for (int i = 1; i <= 4; i++) {
            hooks.add(hook("hook-" + i, "{\"session_id\":\"s" + i + "\",\"cwd\":\"" + main + "\",\"hook_event_name\":"
                    + "\"WorktreeCreate\",\"name\":\"agent-" + i + "\"}"));
        }
        // Meanwhile, four more through the lane goal's own code, in this JVM: the same register, another process.
        LaneSettings settings = LaneSettings.from(Map.of("queuelock.lanes.ports", "http,db,debug",
                "queuelock.lanes.namedPortBase", "24100", "queuelock.lanes.portBase", "9100"));
        PortRegistry registry = PortRegistry.in(repo.tmp());
        List<LaneCreated> madeHere = new ArrayList<>();
        for (int i = 1; i <= 4; i++) {
            madeHere.add(new LaneClaim(LaneLayout.of(new Git(main), settings), registry).create());
        }
        Map<Path, String> hookLines = new LinkedHashMap<>();
        for (int i = 1; i <= 4; i++) {
            MavenRun hook = hooks.get(i - 1);
            int exit = hook.awaitExit(MVN);
            String err = Files.readString(work.resolve("hook-" + i + ".err"), StandardCharsets.UTF_8);
            assertThat(exit).as(hook.log() + err).isZero();
            String[] out = hook.log().split("\n");
            hookLines.put(Path.of(out[out.length - 1]), err);
        }

        Map<Path, Map<String, Integer>> given = new LinkedHashMap<>();
        for (int n = 1; n <= 8; n++) {
            Path lane = main.resolveSibling("shop-lane-" + n);
            assertThat(lane.resolve(".env")).as("git does not carry it; .worktreeinclude names it").hasContent("TOKEN=main's");
            given.put(lane, registry.held(lane));
            assertThat(given.get(lane).keySet()).as(lane + "'s ports").containsExactlyInAnyOrderElementsOf(NAMES);
        }
        Set<Integer> all = new HashSet<>();
        given.values().forEach(ports -> all.addAll(ports.values()));
        assertThat(all).as("8 lanes x 3 names, no port twice").hasSize(24).allMatch(port -> port >= 24100);
        assertThat(hookLines).hasSize(4);
        hookLines.forEach((lane, err) -> assertThat(err).as("what the hook's lane got, said when it was made")
                .containsPattern("queue-lock: created lane \\d on branch lane/\\d for Claude Code's worktree 'agent-\\d'; copied from the"
                        + " main checkout \\(\\.worktreeinclude\\): \\.env; ports: http " + given.get(lane).get("http") + ", db "
                        + given.get(lane).get("db") + ", debug " + given.get(lane).get("debug") + "\n"));
        for (LaneCreated made : madeHere) {
            assertThat(made.copied()).containsExactly(".env");
            assertThat(made.ports()).isEqualTo(given.get(made.lane().path()));
        }

        Path lane5 = main.resolveSibling("shop-lane-5");
        MavenRun port = repo.mvn(lane5, "port-5", "-q", "queuelock:port", "-Dqueuelock.port.name=db");
        assertThat(port.awaitExit(MVN)).as(port.log()).isZero();
        // Maven 3.8.7 with -B writes jansi's reset codes around the answer (the lanes page says so): the number is what counts.
        assertThat(port.log().lines().map(l -> l.replaceAll("\u001B\\[[0-9;]*m", "").strip())).as("the agent's way to its port").contains(
                String.valueOf(given.get(lane5).get("db")));
        Path lane2 = main.resolveSibling("shop-lane-2");
        MavenRun build = repo.mvn(lane2, "build-2", "validate");
        assertThat(build.awaitExit(MVN)).as(build.log()).isZero();
        Map<String, Integer> ports2 = given.get(lane2);
        assertThat(lane2.resolve("target/ports.txt")).as("a build in the lane sees its ports, the lane's own port as before")
                .hasContent("http=" + ports2.get("http") + " db=" + ports2.get("db") + " debug=" + ports2.get("debug") + " port=9102");
        for (Map.Entry<Path, Map<String, Integer>> lane : given.entrySet()) {
            assertThat(registry.portsOf(lane.getKey(), NAMES, 24100)).as("asked again").isEqualTo(lane.getValue());
        }

        // Lane 7 lands by hand and is pruned; lane 8 is removed by hand: both give their ports back, the others keep theirs.
        Path lane7 = main.resolveSibling("shop-lane-7");
        Path lane8 = main.resolveSibling("shop-lane-8");
        Files.writeString(lane7.resolve("seven.txt"), "seven\n", StandardCharsets.UTF_8);
        git(lane7, "add", "seven.txt");
        git(lane7, "commit", "-q", "-m", "seven");
        git(lane7, "push", "-q", "origin", "lane/7:main");
        git(main, "worktree", "remove", "--force", lane8.toString());
        MavenRun prune = repo.mvn(main, "prune", "queuelock:prune");
        assertThat(prune.awaitExit(MVN)).as(prune.log()).isZero();
        List<Integer> lane8Ports = new ArrayList<>(given.get(lane8).values());
        lane8Ports.sort(Integer::compare);
        assertThat(prune.log()).contains("pruned landed lane shop-lane-7 (lane/7)", "gave back the named ports of lanes no longer there: "
                + lane8Ports.get(0) + ", " + lane8Ports.get(1) + ", " + lane8Ports.get(2));
        assertThat(registry.held(lane7)).as("pruned").isEmpty();
        assertThat(registry.held(lane8)).as("removed by hand").isEmpty();
        for (int n = 1; n <= 6; n++) {
            Path lane = main.resolveSibling("shop-lane-" + n);
            assertThat(registry.held(lane)).as("still there").isEqualTo(given.get(lane));
        }
    }

    private MavenRun hook(String name, String json) throws Exception {
        Files.createDirectories(repo.tmp());
        return repo.track(MavenRun.hook(main, repo.tmp(), work.resolve(name + ".out"), work.resolve(name + ".err"),
                json, ClaudeSettings.hookCommand("mvn")));
    }
}
