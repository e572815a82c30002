package dev.queuelock.maven.it;

import dev.queuelock.QueueLock;
import dev.queuelock.testsupport.Timing;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Lanes on the {@code three-modules} project (a parent, a shared module, and app and api built on
 * it) that the affected-check and parallel-land ITs land: each adds a class, some a test of app.
 */
final class ThreeModuleLanes {

    /** The project ({@link TestPoms#copyProject}). */
    static final String PROJECT = "three-modules";

    /** A test of app that fails on its first run in a check's worktree and passes when run again there. */
    static final String FLAKY = "java.io.File mark = new File(\"target/flaky-mark\"); boolean second = mark.exists();"
            + " mark.createNewFile(); assertTrue(\"fails on its first run\", second);";

    /** A test of app that fails every run. */
    static final String BROKEN = "assertTrue(\"fails every time\", false);";

    /** What a lane gets before it lands, besides its one class. */
    interface LaneChange {
        void apply(Path lane) throws IOException;
    }

    private ThreeModuleLanes() {
    }

    /** The project on main of a new landing repository in {@code work}. */
    static LandingRepo onMain(Path work) throws Exception {
        return LandingRepo.withProject(work, PROJECT);
    }

    /**
     * Lanes {@code members} from {@code origin/main}, each adding a class to {@code moduleOf} it (app:
     * main code; api: a test class) and then what {@code change} adds, whose {@code queuelock:land
     * landArgs} queue, in that order, while the test holds the land queue, which it then lets go:
     * the first lands the others with it.
     */
    static List<MavenRun> queuedBehindTheHeldLandQueue(LandingRepo repo, List<String> members, Function<String, String> moduleOf,
                                                       LaneChange change, String... landArgs) throws Exception {
        return queuedBehindTheHeldLandQueue(repo, Map.of(), members, moduleOf, change, landArgs);
    }

    /** As {@link #queuedBehindTheHeldLandQueue(LandingRepo, List, Function, LaneChange, String...)}, {@code env} added to each lander's. */
    static List<MavenRun> queuedBehindTheHeldLandQueue(LandingRepo repo, Map<String, String> env, List<String> members,
                                                       Function<String, String> moduleOf, LaneChange change, String... landArgs)
            throws Exception {
        QueueLock landQueue = repo.holdLandQueue();
        List<MavenRun> lands = new ArrayList<>();
        try {
            for (String member : members) {
                Path lane = addingAClass(repo, member, moduleOf.apply(member));
                change.apply(lane);
                MavenRun run = repo.mvnWith(env, lane, "land-" + member, landing(landArgs));
                run.awaitLog("Land queue:", Timing.forMaven());
                lands.add(run);
            }
        } finally {
            landQueue.release();
        }
        return lands;
    }

    /** The arguments of {@code queuelock:land} with {@code landArgs}: its checks are {@code verify}. */
    static String[] landing(String... landArgs) {
        List<String> args = new ArrayList<>(List.of("queuelock:land", "-Dqueuelock.land.checkGoals=verify"));
        args.addAll(List.of(landArgs));
        return args.toArray(new String[0]);
    }

    /** A lane {@code name} from {@code origin/main} whose one commit adds a class to {@code module}. */
    static Path addingAClass(LandingRepo repo, String name, String module) throws IOException {
        Path lane = repo.work.resolve(name);
        LandingRepo.git(repo.main, "worktree", "add", "-q", "-b", name, lane.toString(), "origin/main");
        String type = "Note" + name.replace("-", "");
        String dir = module + "/src/" + (module.equals("api") ? "test" : "main") + "/java/shop/" + module + "/";
        Files.writeString(lane.resolve(dir + type + ".java"), "package shop." + module + ";\n\nclass " + type + " {\n}\n");
        LandingRepo.git(lane, "add", ".");
        LandingRepo.git(lane, "commit", "-q", "-m", name + " work");
        return lane;
    }

    /** Commits a test of app whose one method has {@code body}. */
    static void commitTest(Path lane, String name, String body) throws IOException {
        Path test = lane.resolve("app/src/test/java/shop/app/" + name + ".java");
        Files.writeString(test, "package shop.app;\n\nimport static org.junit.Assert.assertTrue;\n\nimport java.io.File;\n"
                + "import org.junit.Test;\n\npublic class " + name + " {\n    @Test\n    public void check() throws Exception {\n        "
                + body + "\n    }\n}\n");
        LandingRepo.git(lane, "add", ".");
        LandingRepo.git(lane, "commit", "-q", "-m", name);
    }
}
