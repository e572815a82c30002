package dev.queuelock.maven.extension;

import javax.inject.Inject;
import javax.inject.Named;
import javax.inject.Singleton;
import org.apache.maven.eventspy.AbstractEventSpy;

/** Releases the build lock when Maven shuts its event spies down, which it does even after a POM failed to load. */
@Named("queuelock")
@Singleton
public class BuildQueueSpy extends AbstractEventSpy {

    private final BuildQueue queue;

    @Inject
    public BuildQueueSpy(BuildQueue queue) {
        this.queue = queue;
    }

    @Override
    public void close() {
        queue.leave();
    }
}
