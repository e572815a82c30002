package dev.queuelock.maven.goals;

import dev.queuelock.land.base.LandException;
import dev.queuelock.land.base.QueuePause;
import dev.queuelock.land.notify.Notifier;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Mojo;

/**
 * Lifts the pause {@code mvn queuelock:pause} set: the landers that waited go on to their checks, in
 * queue order. Resuming a queue that runs says so and succeeds.
 *
 * @since 0.1.0
 */
@Mojo(name = "resume", requiresProject = false, aggregator = true, threadSafe = true)
public class ResumeMojo extends AbstractRepositoryMojo {

    @Override
    public void execute() throws MojoExecutionException {
        List<String> problems = new ArrayList<>();
        List<String> notify = setting(Notifier.NOTIFY, problems);
        if (!problems.isEmpty()) {
            throw new MojoExecutionException(String.join("; ", problems));
        }
        Path state = stateDir();
        Optional<QueuePause> pause = QueuePause.of(state);
        boolean lifted;
        try {
            lifted = QueuePause.lift(state);
        } catch (LandException e) {
            throw new MojoExecutionException(e.getMessage());
        }
        if (!lifted || pause.isEmpty()) {
            getLog().info("the land queue was not paused; nothing to resume");
            return;
        }
        getLog().info("land queue resumed (it was " + pause.get().pausedBy(System.currentTimeMillis())
                + "); waiting landers go on to their checks");
        Map<String, Object> event = new LinkedHashMap<>();
        event.put("by", QueuePause.who(topDirectory()));
        event.put("reason", "paused by " + pause.get().by + ": " + pause.get().reason);
        new Notifier(notify, getLog()::warn).send("resumed", event);
    }
}
