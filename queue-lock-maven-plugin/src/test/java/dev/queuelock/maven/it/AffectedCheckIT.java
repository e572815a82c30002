package dev.queuelock.maven.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.testsupport.Timing;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A land check builds what the landing changed, so a small change waits for its own tests only. On a parent with a shared module and two
 * modules built on it, landed one after another on real Maven: a change to one of those runs only
 * its tests; a change to the shared module runs all three; a change to the parent POM is the full
 * build; a change to the shared module that breaks a dependent's test is refused. On Maven 3.8.7,
 * 3.9 and 4 (where the reactor is narrowed by each Maven's own API), in linked worktrees.
 */
class AffectedCheckIT {

    private static final Duration LAND = Timing.forMaven();
    private static final String PRICES = "shared/src/main/java/shop/shared/Prices.java";

    @ProjectOnMain
    LandingRepo repo;

    /**
     * The leaf's landing runs on Maven 4, which narrows the reactor through its own API (3.8.7, on
     * PATH, runs the other rules; Maven 3.9 narrows it in
     * {@link #withTheBuildCacheTheReportNamesTheModulesRestoredFromIt}).
     */
    @Test
    @Timeout(600)
    void eachLandingTestsWhatItsChangesReach() throws Exception {
        String leaf = landOn(MavenRun.maven4(), lane("leaf", "app/src/main/java/shop/app/Checkout.java"), "land-leaf", true);
        assertThat(leaf).contains("check: tested: dev.queuelock.its:app (changed: app/src/main/java/shop/app/Checkout.java)",
                "check: built without tests: dev.queuelock.its:shared (a tested module builds on it)");
        assertThat(testsRun("leaf")).containsExactly("app");

        String shared = land(lane("shared", "shared/src/main/java/shop/shared/Prices.java"), "land-shared", true);
        assertThat(shared).contains("check: tested: dev.queuelock.its:app (builds on dev.queuelock.its:shared)");
        assertThat(testsRun("shared")).containsExactlyInAnyOrder("shared", "app", "api");

        String parent = land(repo.lane("parent", "pom.xml", "main"), "land-parent", true);
        assertThat(parent).contains("check: full build: pom.xml belongs to dev.queuelock.its:shop3, a parent or aggregator POM's module");
        assertThat(testsRun("parent")).containsExactlyInAnyOrder("shared", "app", "api");
    }

    /**
     * Batches: a test that fails once in a batch of three good lanes is rerun in the same check, named
     * flaky in the report and in {@code status}, and all three land after that one check build; a
     * change to the shared module that fails a dependent's (app's) test on every run refuses only its
     * own lane, found by bisection, and the two good lanes beside it land: a failing dependent is
     * never landed.
     */
    @Test
    @Timeout(600)
    void aFlakyTestLandsABatchWithOneCheckAndAChangeFailingADependentIsFoundByBisection() throws Exception {
        List<MavenRun> flakyBatch = batchBehindAHeldLandQueue("one", lane -> {
            if (lane.endsWith("one-a")) {
                ThreeModuleLanes.commitTest(lane, "FlakyTest", ThreeModuleLanes.FLAKY);
            }
        });
        for (MavenRun run : flakyBatch) {
            assertThat(run.awaitExit(LAND)).as(run.log()).isZero();
        }
        assertThat(flakyBatch.get(0).log()).contains("3 of 3 lanes landed on origin/main").contains("after 1 check run(s)")
                .contains("check: flaky test (failed, then passed when run again): shop.app.FlakyTest.check");
        assertThat(repo.remoteSubjects("main")).contains("one-a work", "one-b work", "one-c work");
        MavenRun status = repo.mvn(repo.main, "status", "queuelock:status");
        assertThat(status.awaitExit(LAND)).as(status.log()).isZero();
        assertThat(status.log()).contains("flaky tests (failed, then passed when run again; most often first):",
                "shop.app.FlakyTest.check: 1 time");

        List<MavenRun> brokenBatch = batchBehindAHeldLandQueue("two", lane -> {
            if (lane.endsWith("two-b")) {
                Path prices = lane.resolve(PRICES);
                Files.writeString(prices, breaksApp(Files.readString(prices)));
                LandingRepo.git(lane, "commit", "-q", "-am", "breaks app");
            }
        });
        for (MavenRun run : brokenBatch) {
            assertThat(run.awaitExit(LAND)).as(run.log()).isEqualTo(run == brokenBatch.get(1) ? 1 : 0);
        }
        assertThat(brokenBatch.get(1).log()).contains("CheckoutTest");
        assertThat(repo.remoteSubjects("main")).as("never a false landing").contains("two-a work", "two-c work")
                .doesNotContain("two-b work", "breaks app");
    }

    /**
     * A lane's own build, with {@code queuelock.build.affected=lanes} in {@code .mvn/maven.config}, before the
     * agent commits: a new file in app tests app alone (shared and the parent built without tests); a
     * change to shared tests all three; a change to the parent POM builds everything; a change to
     * shared that breaks app's test fails the build, as land's check refuses it. The remote has no
     * {@code origin/HEAD}, as after {@code git remote add}: the lane's base is found as land finds it.
     * The leaf's change is built on Maven 3.8.7 and 4, the shared module's on 4, and on 3.8.7 by the
     * change that breaks app.
     */
    @Test
    @Timeout(600)
    void aLanesOwnBuildTestsWhatItChangedBeforeItIsCommitted() throws Exception {
        Files.writeString(repo.main.resolve(".mvn/maven.config"), "-Dqueuelock.build.affected=lanes\n", StandardCharsets.UTF_8);
        repo.commitAndPush("affected builds in lanes");
        // As most people put a project on a server (git init, remote add, push): no origin/HEAD, as land finds its branch.
        LandingRepo.git(repo.main, "remote", "set-head", "origin", "--delete");
        Path lane = repo.work.resolve("agent");
        LandingRepo.git(repo.main, "worktree", "add", "-q", "-b", "agent", lane.toString(), "origin/main");

        Path note = lane.resolve("app/src/main/java/shop/app/Note.java");
        Files.writeString(note, "package shop.app;\n\nclass Note {\n}\n");
        String leafNote = "affected: 1 module tested (app), 2 modules built without tests (shop3, shared);"
                + " changed since origin/main (the default branch of remote origin): app/src/main/java/shop/app/Note.java";
        String leaf = build(null, lane, "agent-leaf", true);
        assertThat(leaf).contains(leafNote);
        assertThat(testsRunIn(leaf)).containsExactly("app");
        String leaf4 = build(MavenRun.maven4(), lane, "agent-leaf-4", true);
        assertThat(leaf4).contains(leafNote);
        assertThat(testsRunIn(leaf4)).containsExactly("app");
        Files.delete(note);

        Path prices = lane.resolve(PRICES);
        String original = Files.readString(prices);
        Files.writeString(prices, original + "// agent\n");
        String shared = build(MavenRun.maven4(), lane, "agent-shared", true);
        assertThat(shared).contains("affected: 3 modules tested (shared, app, api), 1 module built without tests (shop3)");
        assertThat(testsRunIn(shared)).containsExactlyInAnyOrder("shared", "app", "api");
        Files.writeString(prices, original);

        Path parent = lane.resolve("pom.xml");
        String parentPom = Files.readString(parent);
        Files.writeString(parent, parentPom + "<!-- agent -->\n");
        String full = build(lane, "agent-parent", true);
        assertThat(full).contains("affected: full build: pom.xml belongs to dev.queuelock.its:shop3, a parent or aggregator POM's module");
        assertThat(testsRunIn(full)).containsExactlyInAnyOrder("shared", "app", "api");
        Files.writeString(parent, parentPom);

        Files.writeString(prices, breaksApp(original));
        String breaks = build(lane, "agent-breaks", false);
        assertThat(breaks).contains("affected: 3 modules tested (shared, app, api)").contains("CheckoutTest");
    }

    /** Prices' source changed to be still right for shared's own test (2 x 3), wrong for app's (5 x 2). */
    private static String breaksApp(String prices) {
        return prices.replace("return price * quantity;", "return quantity == 2 ? price : price * quantity;");
    }

    /** {@code mvn verify} in {@code lane}; its output. */
    private String build(Path lane, String name, boolean passes) throws Exception {
        return build(null, lane, name, passes);
    }

    /** As {@link #build(Path, String, boolean)}, on Maven {@code version} (null: the one on PATH). */
    private String build(String version, Path lane, String name, boolean passes) throws Exception {
        MavenRun build = repo.mvnOn(version, lane, name, "verify");
        int exit = build.awaitExit(LAND);
        if (passes) {
            assertThat(exit).as(build.log()).isZero();
        } else {
            assertThat(exit).as(build.log()).isNotZero();
        }
        return build.log();
    }

    /**
     * Three lanes {@code <name>-a..c} that each add a class to app (and what {@code change} adds), queued
     * with a batch of 3 while this test holds the land queue, which it then lets go: their land runs,
     * the first the batch's leader.
     */
    private List<MavenRun> batchBehindAHeldLandQueue(String name, ThreeModuleLanes.LaneChange change) throws Exception {
        return ThreeModuleLanes.queuedBehindTheHeldLandQueue(repo, List.of(name + "-a", name + "-b", name + "-c"), lane -> "app", change,
                "-Dqueuelock.land.batch=3");
    }

    /**
     * With maven-build-cache-extension listed beside queue-lock's (Maven 3.9) and queue-lock's own
     * reuse off: the shared module a landing did not change comes from the cache in the next
     * landing's check, and the land report names it.
     */
    @Test
    @Timeout(400)
    void withTheBuildCacheTheReportNamesTheModulesRestoredFromIt() throws Exception {
        String maven = MavenRun.maven39();
        Path extensions = repo.main.resolve(".mvn/extensions.xml");
        Files.writeString(extensions, Files.readString(extensions).replace("</extensions>",
                "<extension><groupId>org.apache.maven.extensions</groupId><artifactId>maven-build-cache-extension</artifactId>"
                        + "<version>1.2.1</version></extension></extensions>"));
        // The cache beside the test, not in the user's ~/.m2; queue-lock's own reuse off, which would resolve shared first.
        Files.writeString(repo.main.resolve(".mvn/maven.config"), "-Dmaven.build.cache.location=" + repo.work.resolve("build-cache")
                + "\n-Dqueuelock.build.reuseMegabytes=0\n");
        repo.commitAndPush("build cache");

        MavenRun first = repo.mvnOn(maven, lane("leaf-app", "app/src/main/java/shop/app/Checkout.java"), "land-app", "queuelock:land",
                "-Dqueuelock.land.checkGoals=verify");
        assertThat(first.awaitExit(LAND)).as(first.log()).isZero();
        MavenRun second = repo.mvnOn(maven, lane("leaf-api", "api/src/test/java/shop/api/ApiTest.java"), "land-api", "queuelock:land",
                "-Dqueuelock.land.checkGoals=verify");
        assertThat(second.awaitExit(LAND)).as(second.log()).isZero();

        assertThat(second.log()).contains("check: restored from the build cache (not built): dev.queuelock.its:shared");
        assertThat(testsRun("leaf-api")).containsExactly("api");
    }

    /** A lane from main with one commit: a comment added to {@code file} (a Java file, or XML for a POM). */
    private Path lane(String name, String file) throws Exception {
        if (file.endsWith(".xml")) {
            return repo.lane(name, file, "main");
        }
        Path lane = repo.work.resolve(name);
        LandingRepo.git(repo.main, "worktree", "add", "-q", "-b", name, lane.toString(), "origin/main");
        Files.writeString(lane.resolve(file), "// " + name + "\n", StandardOpenOption.APPEND);
        LandingRepo.git(lane, "commit", "-q", "-am", name + " work");
        return lane;
    }

    /** Lands the lane; its output. */
    private String land(Path lane, String name, boolean lands) throws Exception {
        return landOn(null, lane, name, lands);
    }

    /** Lands the lane on Maven {@code version} (null: the one on PATH); its output. */
    private String landOn(String version, Path lane, String name, boolean lands) throws Exception {
        MavenRun land = repo.mvnOn(version, lane, name, "queuelock:land", "-Dqueuelock.land.checkGoals=verify");
        int exit = land.awaitExit(LAND);
        if (lands) {
            assertThat(exit).as(land.log()).isZero();
        } else {
            assertThat(exit).as(land.log()).isNotZero();
        }
        return land.log();
    }

    /** Whose tests the newest check of {@code lane} ran, by the line each module's test prints. */
    private List<String> testsRun(String lane) throws IOException {
        Path logs = repo.main.resolve(".git/queuelock/logs");
        Path newest;
        try (Stream<Path> files = Files.list(logs)) {
            newest = files.filter(f -> f.getFileName().toString().matches(lane + "-[0-9-]+\\.log")).sorted()
                    .reduce((a, b) -> b).orElseThrow(() -> new AssertionError("no check log of " + lane + " in " + logs));
        }
        List<String> lines = Files.readAllLines(newest);
        assertThat(lines).as("the check log " + newest).anyMatch(l -> l.contains("BUILD"));
        return testsRunIn(String.join("\n", lines));
    }

    /** Whose tests a build's output shows, by the line each module's test prints. */
    private static List<String> testsRunIn(String output) {
        // Maven 4 may put its own prefix before a test's output: find the line, wherever it starts.
        String mark = "[shop3] test of ";
        List<String> ran = output.lines().filter(l -> l.contains(mark))
                .map(l -> l.substring(l.indexOf(mark) + mark.length(), l.indexOf(" ran", l.indexOf(mark)))).collect(Collectors.toList());
        if (ran.isEmpty()) {
            throw new AssertionError("no test output in:\n" + output);
        }
        return ran;
    }
}
