package dev.queuelock.maven.extension;

import javax.inject.Inject;
import javax.inject.Named;
import javax.inject.Singleton;
import org.apache.maven.eventspy.AbstractEventSpy;
import org.apache.maven.execution.MavenExecutionRequest;

/**
 * The session's two boundaries that only an event spy sees. Sets up the local repository for the build ({@link SharedLocalRepository}) when Maven hands it
 * the execution request, before the build's repository session exists; releases the build lock
 * when Maven shuts its event spies down, which it does even after a POM failed to load.
 */
@Named("queuelock")
@Singleton
public class SessionBoundarySpy extends AbstractEventSpy {

    private final BuildQueue queue;

    @Inject
    public SessionBoundarySpy(BuildQueue queue) {
        this.queue = queue;
    }

    /** Every event of the build comes here (each artifact resolved, each mojo): only the request is looked at. */
    @Override
    public void onEvent(Object event) {
        if (event instanceof MavenExecutionRequest) {
            SharedLocalRepository.apply((MavenExecutionRequest) event);
        }
    }

    @Override
    public void close() {
        queue.leave();
    }
}
