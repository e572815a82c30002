package dev.queuelock.maven.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.build.localrepo.LocalRepositoryParts;
import dev.queuelock.repo.RepoKey;
import dev.queuelock.testsupport.Timing;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Properties;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Lanes never build against each other's SNAPSHOTs, and builds at once leave the local
 * repository whole. A parent with a shared module and two modules built on it, a main checkout and
 * three lanes, on real Maven 3.9 and 4 and real git: a lane that builds one module with {@code -pl}
 * compiles against its own install of the shared module (or, never having installed it, the main
 * checkout's on Maven 3.9, none on Maven 4), never another lane's; land's check build installs into a
 * part of its own and prune removes a landed lane's parts; two lanes installing at once into one local
 * repository both succeed and leave it consistent.
 */
class LaneInstallsIT {

    private static final Duration MVN = Timing.forMaven();
    /** This test's own coordinates in the shared IT repository (the three-modules project's are AffectedCheckIT's). */
    private static final String GROUP = "dev.queuelock.its.lanes";
    private static final String SHARED_JAR = GROUP.replace('.', '/') + "/shared/1.0-SNAPSHOT/shared-1.0-SNAPSHOT.jar";
    /** Installs that need no test compiled or run: the lanes' tests are compiled with -pl where it matters. */
    private static final String NO_TESTS = "-Dmaven.test.skip=true";

    @TempDir
    Path work;

    LandingRepo repo;

    /** Whether this run of the class installed the main checkout ({@link #mainCheckoutInstalled()}). */
    private static boolean mainInstalled;

    @BeforeEach
    void threeModuleProjectOnMain() throws Exception {
        repo = LandingRepo.create(work, "shop", "main", true);
        TestPoms.copyProject("three-modules", repo.main);
        try (Stream<Path> files = Files.walk(repo.main)) {
            for (Path pom : files.filter(f -> f.getFileName().toString().equals("pom.xml")).collect(Collectors.toList())) {
                Files.writeString(pom, Files.readString(pom).replace("<groupId>dev.queuelock.its</groupId>", "<groupId>" + GROUP + "</groupId>"));
            }
        }
        Files.writeString(repo.main.resolve(".gitignore"), "target/\n", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        repo.commitAndPush("three modules");
    }

    @AfterEach
    void stopMavensAndRemoveWhatTheLanesInstalled() throws IOException {
        repo.close();
        deleteTree(MavenRun.IT_REPO.resolve(String.valueOf(parts())));
    }

    @AfterAll
    static void removeTheMainCheckoutsInstall() throws IOException {
        deleteTree(MavenRun.IT_REPO.resolve(GROUP.replace('.', '/')));
    }

    @ParameterizedTest(name = "Maven {0}")
    @MethodSource("dev.queuelock.maven.it.MavenRun#otherMavens")
    @Timeout(600)
    void aLaneBuildingOneModuleCompilesAgainstItsOwnSharedModuleNeverAnotherLanes(String maven) throws Exception {
        mainCheckoutInstalled();
        byte[] mainsJar = Files.readAllBytes(MavenRun.IT_REPO.resolve(SHARED_JAR));
        Path one = gitLane(1);
        Path two = gitLane(2);
        Path three = gitLane(3);

        addToPrices(one, "fromLaneOne");
        ok(repo.mvnOn(maven, one, "lane-1-install", "install", NO_TESTS)); // may download what this Maven needs
        assertThat(MavenRun.IT_REPO.resolve(parts().lane("shop-lane-1").prefix()).resolve(SHARED_JAR))
                .as("lane 1's install, in its own part").exists();
        assertThat(MavenRun.IT_REPO.resolve(SHARED_JAR)).as("the main checkout's install, untouched").hasBinaryContent(mainsJar);

        addToPrices(two, "fromLaneTwo");
        ok(repo.mvnOn(maven, two, "lane-2-install", "-o", "install", NO_TESTS));
        // Lane 2's api test calls both lanes' methods: javac names each one the shared jar it compiled against lacks.
        callFromApiTest(two, "fromLaneOne", "fromLaneTwo");
        String lane2 = failed(repo.mvnOn(maven, two, "lane-2-api", "-o", "-pl", "api", "test-compile"));
        assertThat(lane2).as("lane 2 compiled against its own shared module, not lane 1's")
                .contains("symbol:   method fromLaneOne()").doesNotContain("symbol:   method fromLaneTwo()");

        // Lane 3 never installed the shared module.
        callFromApiTest(three, "fromLaneOne", "fromLaneTwo");
        String lane3 = failed(repo.mvnOn(maven, three, "lane-3-api", "-o", "-pl", "api", "test-compile"));
        // Maven 4.0.0-rc-5 looked for a module of its own reactor in the lane's part alone (and found none); rc-6 does as 3.x.
        assertThat(lane3).as("the main checkout's install, which has neither lane's method")
                .contains("symbol:   method fromLaneOne()", "symbol:   method fromLaneTwo()");

        if (!maven.equals(MavenRun.maven39())) {
            return; // land's check part and prune do not depend on the Maven version: once is enough
        }
        // Lane 1 lands, its check build installing into a part of its own; prune then takes the lane and both parts.
        LandingRepo.git(one, "add", ".");
        LandingRepo.git(one, "commit", "-q", "-m", "lane 1 work");
        ok(repo.mvnOn(maven, one, "lane-1-land", "-o", "queuelock:land", "-Dqueuelock.land.checkGoals=install",
                "-Dqueuelock.land.checkScope=full", NO_TESTS));
        Path checks = MavenRun.IT_REPO.resolve(parts().checks("shop-lane-1").prefix());
        assertThat(checks.resolve(SHARED_JAR)).as("the check build's install, in its own part").exists();
        assertThat(MavenRun.IT_REPO.resolve(SHARED_JAR)).as("the main checkout's install, untouched").hasBinaryContent(mainsJar);
        MavenRun prune = ok(repo.mvn(repo.main, "prune", "queuelock:prune"));
        assertThat(prune.log()).contains("pruned landed lane shop-lane-1 (lane/1) and what it installed");
        assertThat(MavenRun.IT_REPO.resolve(parts().lane("shop-lane-1").prefix())).doesNotExist();
        assertThat(checks).doesNotExist();
        assertThat(MavenRun.IT_REPO.resolve(parts().lane("shop-lane-2").prefix()).resolve(SHARED_JAR)).exists();
    }

    /**
     * Two lanes install the same modules and resolve the same plugins and dependencies at the same
     * time, on Maven 3.9, into an empty local repository whose only remote is a file copy of the IT
     * repository: both succeed, and every checksum, metadata file and tracking file is whole.
     */
    @Test
    @Timeout(600)
    void twoLanesInstallingAtOnceInTwoSlotsLeaveTheLocalRepositoryWhole() throws Exception {
        String maven = MavenRun.maven39();
        mainCheckoutInstalled(); // the IT repository then holds all the builds below need
        Path localRepo = Files.createDirectories(work.resolve("m2"));
        copyTree(MavenRun.IT_REPO.resolve("dev/queuelock"), localRepo.resolve("dev/queuelock"), "its"); // the extension
        Path settings = Files.writeString(work.resolve("settings.xml"), "<settings><mirrors><mirror><id>it</id>"
                + "<mirrorOf>*</mirrorOf><url>" + MavenRun.IT_REPO.toUri() + "</url></mirror></mirrors></settings>\n");
        List<Path> lanes = List.of(gitLane(1), gitLane(2));

        List<MavenRun> builds = new ArrayList<>();
        List<Instant> started = new ArrayList<>();
        for (Path lane : lanes) {
            started.add(Instant.now());
            // Both at once, each in one of the build queue's two slots (a skipped build is set up alike: SharedLocalRepositoryTest).
            builds.add(repo.track(MavenRun.startOn(maven, localRepo, lane, repo.tmp(), work.resolve(lane.getFileName() + ".log"),
                    "-s", settings.toString(), "-Dqueuelock.build.slots=2", "install")));
        }
        List<Instant> ended = new ArrayList<>();
        for (MavenRun build : builds) {
            assertThat(build.awaitExit(MVN)).as(build.log()).isZero();
            ended.add(Instant.now());
            // Two JVMs started together enrol in either order, and the later one may wait the moment
            // until the earlier takes its slot ("nobody holds it now"); what two slots decide is that
            // neither ever waits for the other's hold.
            assertThat(build.log()).contains("[shop3] test of api ran").contains("Build lock acquired")
                    .doesNotContain("holding for");
        }
        assertThat(started.get(1)).as("the second started before the first ended").isBefore(ended.get(0));

        for (Path lane : lanes) {
            assertThat(localRepo.resolve(parts().lane(lane.getFileName().toString()).prefix()).resolve(SHARED_JAR)).exists();
        }
        assertThat(localRepo.resolve(GROUP.replace('.', '/'))).as("no lane installed into the shared place").doesNotExist();
        assertThat(localRepo.resolve(".locks")).as("resolver's file locks were used").isDirectory();
        assertWhole(localRepo);
    }

    /**
     * The main checkout's install, once for the class, on Maven 3.9 with its tests: lanes read it and
     * never write it, whichever Maven made it, and the plugins and dependencies of a build with tests
     * are in the IT repository then, which the second test's lanes download from.
     */
    private void mainCheckoutInstalled() throws Exception {
        if (!mainInstalled) {
            ok(repo.mvnOn(MavenRun.maven39(), repo.main, "main-install", "install"));
            mainInstalled = true;
        }
    }

    /** Every checksum matches its file, every metadata file parses, every tracking file names files that are there, no temp file is left. */
    private static void assertWhole(Path localRepo) throws Exception {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(localRepo)) {
            files = walk.filter(Files::isRegularFile).filter(f -> !localRepo.relativize(f).startsWith(".locks"))
                    .collect(Collectors.toList());
        }
        int checksums = 0;
        int metadata = 0;
        for (Path file : files) {
            String name = file.getFileName().toString();
            assertThat(name).as(file.toString()).doesNotEndWith(".tmp").doesNotEndWith(".part");
            if (name.endsWith(".sha1")) {
                Path of = file.resolveSibling(name.substring(0, name.length() - ".sha1".length()));
                assertThat(of).as("what " + file + " is the checksum of").exists();
                assertThat(Files.readString(of.resolveSibling(name)).trim().split("\\s+")[0]).as(of.toString()).isEqualTo(sha1(of));
                checksums++;
            } else if (name.startsWith("maven-metadata") && name.endsWith(".xml")) {
                assertThat(DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file.toFile()).getDocumentElement()
                        .getTagName()).as(file.toString()).isEqualTo("metadata");
                metadata++;
            } else if (name.equals("_remote.repositories")) {
                Properties tracked = new Properties();
                try (InputStream in = Files.newInputStream(file)) {
                    tracked.load(in);
                }
                for (String key : tracked.stringPropertyNames()) {
                    assertThat(file.resolveSibling(key.substring(0, key.indexOf('>')))).as("tracked in " + file).exists();
                }
            }
        }
        assertThat(checksums).as("downloads with checksums").isPositive();
        assertThat(metadata).as("installs' metadata").isPositive();
    }

    private static String sha1(Path file) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(Files.readAllBytes(file)));
    }

    /** The parts of this test's repository in a local repository, named as a build in it names them. */
    private LocalRepositoryParts parts() {
        return LocalRepositoryParts.of(RepoKey.of(repo.main).key());
    }

    private Path gitLane(int n) {
        Path lane = repo.main.resolveSibling("shop-lane-" + n);
        LandingRepo.git(repo.main, "worktree", "add", "-q", "-b", "lane/" + n, lane.toString(), "HEAD");
        return lane;
    }

    /** Adds {@code method} to the shared module's Prices in {@code lane}. */
    private static void addToPrices(Path lane, String method) throws IOException {
        Path prices = lane.resolve("shared/src/main/java/shop/shared/Prices.java");
        String text = Files.readString(prices);
        int end = text.lastIndexOf('}');
        Files.writeString(prices, text.substring(0, end) + "    public static int " + method + "() {\n        return 1;\n    }\n}\n");
    }

    /** A test of the api module calling {@code methods} of Prices. */
    private static void callFromApiTest(Path lane, String... methods) throws IOException {
        StringBuilder calls = new StringBuilder();
        for (String method : methods) {
            calls.append("        assertEquals(1, Prices.").append(method).append("());\n");
        }
        Files.writeString(lane.resolve("api/src/test/java/shop/api/LaneTest.java"), "package shop.api;\n\n"
                + "import static org.junit.Assert.assertEquals;\n\nimport org.junit.Test;\nimport shop.shared.Prices;\n\n"
                + "public class LaneTest {\n    @Test\n    public void callsTheLanesMethods() {\n" + calls + "    }\n}\n");
    }

    private static MavenRun ok(MavenRun run) throws InterruptedException {
        assertThat(run.awaitExit(MVN)).as(run.log()).isZero();
        return run;
    }

    private static String failed(MavenRun run) throws InterruptedException {
        assertThat(run.awaitExit(MVN)).as(run.log()).isNotZero();
        return run.log();
    }

    private static void copyTree(Path from, Path to, String except) throws IOException {
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path file : (Iterable<Path>) walk.filter(Files::isRegularFile)::iterator) {
                Path rel = from.relativize(file);
                if (!rel.startsWith(except)) {
                    Files.createDirectories(to.resolve(rel.toString()).getParent());
                    Files.copy(file, to.resolve(rel.toString()), StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) walk.sorted(java.util.Comparator.reverseOrder())::iterator) {
                Files.delete(p);
            }
        }
    }
}
