package dev.queuelock.maven.extension;

import javax.inject.Inject;
import javax.inject.Named;
import javax.inject.Singleton;
import org.apache.maven.AbstractMavenLifecycleParticipant;
import org.apache.maven.MavenExecutionException;
import org.apache.maven.execution.MavenSession;

/**
 * The core extension's entry point: every Maven session waits its turn in the build queue before
 * any project is read, and leaves the queue when it ends. Listed in {@code .mvn/extensions.xml}.
 *
 * <p>{@code afterSessionEnd} does not run when a POM fails to load or on Ctrl-C/SIGTERM: the
 * {@link BuildQueueSpy} and the lock's JVM shutdown hook cover those.
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
        queue.enter(session);
    }

    @Override
    public void afterSessionEnd(MavenSession session) {
        queue.leave();
    }
}
