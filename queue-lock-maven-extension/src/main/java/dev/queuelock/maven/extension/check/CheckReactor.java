package dev.queuelock.maven.extension.check;

import dev.queuelock.build.ReuseSettings;
import dev.queuelock.maven.extension.reuse.BuildReuse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Properties;
import org.apache.maven.MavenExecutionException;
import org.apache.maven.execution.MavenSession;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Narrows the reactor of a land check build to what the landing's changes reach
 * ({@link AffectedReactor}, the decision a lane's own builds use too). Only a check build started
 * by {@code queuelock:land} names the files it changed ({@link LandCheckProperties#CHANGED_FILES}); every other session passes by with one
 * property lookup. The plan goes to the log and, for land's report, to
 * {@link LandCheckProperties#PLAN} (written whole, then moved).
 */
public final class CheckReactor {

    private static final String CHANGED_FILES = LandCheckProperties.CHANGED_FILES;
    private static final String ROOT = LandCheckProperties.ROOT;
    private static final String PLAN = LandCheckProperties.PLAN;
    private static final String CHANGED_OWN = LandCheckProperties.CHANGED_OWN;
    private static final String CHANGED_AHEAD = LandCheckProperties.CHANGED_AHEAD;

    private static final Logger LOG = LoggerFactory.getLogger(CheckReactor.class);

    private CheckReactor() {
    }

    /** Whether this session is a land check build that names its changes. */
    public static boolean isCheckBuild(Properties user) {
        return user.getProperty(CHANGED_FILES) != null;
    }

    /**
     * Keeps the modules the plan keeps, in reactor order, and skips the tests of those it only builds;
     * of those, {@code reuse} (if not null) resolves the ones stored at the same inputs instead.
     */
    public static void narrow(MavenSession session, BuildReuse reuse) throws MavenExecutionException {
        Properties user = session.getUserProperties();
        List<String> changed;
        try {
            changed = Files.readAllLines(Path.of(user.getProperty(CHANGED_FILES)), StandardCharsets.UTF_8);
            changed.removeIf(String::isBlank);
        } catch (IOException e) {
            throw new MavenExecutionException("cannot read the land check's changed files: " + e.getMessage(), e);
        }
        Path root = Path.of(user.getProperty(ROOT, "."));
        CheckPlan plan;
        if (user.getProperty(CHANGED_OWN) != null && user.getProperty(CHANGED_AHEAD) != null) {
            try {
                plan = AffectedReactor.narrow(session, root, changed, paths(user.getProperty(CHANGED_OWN)),
                        paths(user.getProperty(CHANGED_AHEAD)));
            } catch (IOException e) {
                throw new MavenExecutionException("cannot read the land check's changed files: " + e.getMessage(), e);
            }
        } else {
            plan = AffectedReactor.narrow(session, root, changed);
        }
        if (reuse != null && !plan.isFull()) {
            plan = plan.reusing(reuse.take(session, plan.builtOnly(), LaneReactor.reusedTested(session, ReuseSettings.TESTED_IN_LAND_CHECKS, plan)));
        }
        List<String> lines = plan.describe();
        lines.forEach(line -> LOG.info("Land check: {}", line));
        writePlan(user.getProperty(PLAN), lines);
    }

    private static List<String> paths(String file) throws IOException {
        List<String> paths = Files.readAllLines(Path.of(file), StandardCharsets.UTF_8);
        paths.removeIf(String::isBlank);
        return paths;
    }

    private static void writePlan(String target, List<String> lines) throws MavenExecutionException {
        if (target == null) {
            return;
        }
        Path file = Path.of(target);
        try {
            Path temp = Files.createTempFile(file.toAbsolutePath().getParent(), file.getFileName().toString(), ".tmp");
            Files.write(temp, lines, StandardCharsets.UTF_8);
            Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new MavenExecutionException("cannot write the land check's plan to " + target + ": " + e.getMessage(), e);
        }
    }
}
