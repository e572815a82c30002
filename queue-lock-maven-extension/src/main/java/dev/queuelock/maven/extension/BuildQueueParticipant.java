package dev.queuelock.maven.extension;

import dev.queuelock.build.AffectedBuildSettings;
import dev.queuelock.maven.extension.check.CheckReactor;
import dev.queuelock.maven.extension.check.LaneOverlapLine;
import dev.queuelock.maven.extension.check.LaneReactor;
import dev.queuelock.repository.LaneDirectory;
import java.io.File;
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
 * narrows it to what its lane changed ({@link LaneReactor}); at session end it leaves the queue.
 *
 * <p>{@code afterSessionEnd} does not run when a POM fails to load or on Ctrl-C/SIGTERM: the
 * {@link SessionBoundarySpy} and the lock's JVM shutdown hook cover those.
 */
@Named("queuelock")
@Singleton
public class BuildQueueParticipant extends AbstractMavenLifecycleParticipant {

    private final BuildQueue queue;

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
        LaneBuildProperties.apply(request, top);
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
        if (CheckReactor.isCheckBuild(user)) {
            CheckReactor.narrow(session);
            return;
        }
        if (user.getProperty(LaneDirectory.NUMBER_PROPERTY) != null && !OwnGoals.ofThisPlugin().onlyOwn(session.getGoals())) {
            // A build in a lane (the property is set for those alone) tells of other lanes changing its files.
            try {
                LaneOverlapLine.say(topDirectory(session.getRequest()), user);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new MavenExecutionException("interrupted while git listed the lanes' changes", e);
            }
        }
        if (user.getProperty(AffectedBuildSettings.AFFECTED) != null
                && !AffectedBuildSettings.OFF.equalsIgnoreCase(user.getProperty(AffectedBuildSettings.AFFECTED).strip())) {
            try {
                LaneReactor.narrow(session, topDirectory(session.getRequest()));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new MavenExecutionException("interrupted while git listed the lane's changes", e);
            }
        }
    }

    @Override
    public void afterSessionEnd(MavenSession session) {
        queue.leave();
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
