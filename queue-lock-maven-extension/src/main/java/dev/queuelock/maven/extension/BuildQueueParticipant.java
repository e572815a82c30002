package dev.queuelock.maven.extension;

import dev.queuelock.build.AffectedBuildSettings;
import dev.queuelock.maven.extension.check.CheckReactor;
import dev.queuelock.maven.extension.check.LaneOverlapLine;
import dev.queuelock.maven.extension.check.LaneReactor;
import dev.queuelock.maven.extension.reuse.BuildReuse;
import dev.queuelock.maven.extension.reuse.LifecyclePhases;
import dev.queuelock.maven.extension.reuse.StoredModules;
import dev.queuelock.repository.LaneDirectory;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import javax.inject.Inject;
import javax.inject.Named;
import javax.inject.Singleton;
import org.apache.maven.AbstractMavenLifecycleParticipant;
import org.apache.maven.MavenExecutionException;
import org.apache.maven.execution.MavenExecutionRequest;
import org.apache.maven.execution.MavenSession;

/**
 * The core extension's entry point, listed in {@code .mvn/extensions.xml}: at session start it
 * pins this plugin's goals ({@link OwnGoals}), reads only the top project for a session of nothing
 * but those ({@link TopProjectOnly}), gives a lane's build its port
 * ({@link LaneBuildProperties}), reads the build queue's settings ({@link BuildQueueSettings}) and
 * waits its turn in the build queue ({@link BuildQueue}); once the projects are read, a land check
 * build narrows its reactor to what the landing changed ({@link CheckReactor}), and a build that asks
 * narrows it to what its lane changed ({@link LaneReactor}), either resolving what was built before
 * at the same inputs instead of building it again ({@link BuildReuse}), and a build in a lane says when
 * free space is low ({@link LowSpaceLine}); at session end it leaves the
 * queue, and a build in a repository with lanes stores what it built for the others to reuse.
 *
 * <p>{@code afterSessionEnd} does not run when a POM fails to load or on Ctrl-C/SIGTERM: the
 * {@link SessionBoundarySpy} and the lock's JVM shutdown hook cover those.
 */
@Named("queuelock")
@Singleton
public class BuildQueueParticipant extends AbstractMavenLifecycleParticipant {

    private final BuildQueue queue;
    /**
     * This session's part in reusing modules' outputs ({@link BuildReuse}); null where it has none.
     * Typed Object: Guice reads this class's field types at every session start, and a plain build
     * must load nothing new.
     */
    private Object reuse;
    /**
     * Where a build that narrows its reactor resolves the modules it reuses ({@link StoredModules}),
     * joined at session start while Maven 3 lets the repository session change; null for any other
     * build. Typed Object for the reason {@link #reuse} is.
     */
    private Object storedModules;

    @Inject
    public BuildQueueParticipant(BuildQueue queue) {
        this.queue = queue;
    }

    @Override
    public void afterSessionStart(MavenSession session) throws MavenExecutionException {
        MavenExecutionRequest request = session.getRequest();
        Path top = topDirectory(request);
        OwnGoals own = OwnGoals.ofThisPlugin();
        List<String> goals = own.pin(request);
        boolean onlyOwn = own.onlyOwn(goals);
        if (onlyOwn) {
            TopProjectOnly.apply(request);
        }
        LaneBuildProperties.apply(request, top, !onlyOwn);
        storedModules = narrows(session.getUserProperties()) ? StoredModules.join(session) : null;
        BuildQueueSettings.warnUnknownKeys(request);
        BuildQueueSettings settings = BuildQueueSettings.read(session.getUserProperties(), System.getenv());
        if (settings.takesLock(onlyOwn)) {
            queue.enter(top, settings, session.getUserProperties(), goals);
        }
    }

    /**
     * A land check build that names its changes builds only what they reach ({@link CheckReactor});
     * another build asked to ({@link AffectedBuildSettings#AFFECTED}) builds only what its lane
     * changed ({@link LaneReactor}). A build in a lane says which other lanes change its files
     * ({@link LaneOverlapLine}). The keys' names are constants: a build outside a lane that does not ask loads nothing.
     */
    @Override
    public void afterProjectsRead(MavenSession session) throws MavenExecutionException {
        Properties user = session.getUserProperties();
        Path top = topDirectory(session.getRequest());
        reuse = null;
        if (CheckReactor.isCheckBuild(user)) {
            BuildReuse started;
            try {
                started = BuildReuse.start(session, top, (StoredModules) storedModules, true);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new MavenExecutionException("interrupted while git listed the worktree's files", e);
            }
            reuse = started;
            CheckReactor.narrow(session, started);
            return;
        }
        if (user.getProperty(LaneDirectory.NUMBER_PROPERTY) != null && !OwnGoals.ofThisPlugin().onlyOwn(session.getGoals())) {
            // A build in a lane (the property is set for those alone) tells of low free space and of other lanes changing its files.
            LowSpaceLine.say(top, user, session.getRequest().getLocalRepositoryPath());
            try {
                LaneOverlapLine.say(top, user);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new MavenExecutionException("interrupted while git listed the lanes' changes", e);
            }
        }
        try {
            if (asksAffected(user)) {
                BuildReuse started = BuildReuse.start(session, top, (StoredModules) storedModules, false);
                reuse = started;
                LaneReactor.narrow(session, top, started);
            } else if (inRepositoryWithLanes(top) && LifecyclePhases.packages(session.getRequest().getGoals())) {
                reuse = BuildReuse.start(session, top, null, false); // stores what it builds, for the lanes
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new MavenExecutionException("interrupted while git listed the worktree's files", e);
        }
    }

    @Override
    public void afterSessionEnd(MavenSession session) {
        queue.leave();
        Object made = reuse;
        reuse = null;
        storedModules = null;
        if (made != null) {
            ((BuildReuse) made).fill(session);
        }
    }

    /** Whether the build may narrow its reactor, and so reuse: a land check's build, or one that asks for affected builds. */
    private static boolean narrows(Properties user) {
        return CheckReactor.isCheckBuild(user) || asksAffected(user);
    }

    private static boolean asksAffected(Properties user) {
        String affected = user.getProperty(AffectedBuildSettings.AFFECTED);
        return affected != null && !AffectedBuildSettings.OFF.equalsIgnoreCase(affected.strip());
    }

    /**
     * Whether {@code top} is a lane (its {@code .git} a file) or a main checkout with lanes: read off
     * two files, as every build of a repository without lanes asks it and must pay nothing more.
     */
    static boolean inRepositoryWithLanes(Path top) {
        Path dotGit = top.resolve(".git");
        if (Files.isRegularFile(dotGit)) {
            return true;
        }
        String[] lanes = dotGit.resolve("worktrees").toFile().list();
        return lanes != null && lanes.length > 0;
    }

    static Path topDirectory(MavenExecutionRequest request) {
        // getTopDirectory()/getRootDirectory() exist only from Maven 4; this works on 3.8.7 to 4.
        File dir = request.getMultiModuleProjectDirectory();
        if (dir == null && request.getPom() != null) {
            dir = request.getPom().getAbsoluteFile().getParentFile();
        }
        return dir != null ? dir.toPath() : Path.of(request.getBaseDirectory() != null ? request.getBaseDirectory() : ".");
    }
}
