package dev.queuelock.maven.goals;

import dev.queuelock.land.base.LandException;
import dev.queuelock.land.base.QueuePause;
import dev.queuelock.land.notify.Notifier;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Mojo;

/**
 * Pauses the repository's land queue, e.g. while the integration branch is broken: landers already
 * queued and new ones wait before their checks, saying who paused and why; builds are not affected.
 * The pause is a file in the repository's state folder: it outlives this process and is lifted only
 * by {@code mvn queuelock:resume}. {@code mvn queuelock:pause -Dqueuelock.pause.reason="main is broken"}.
 *
 * @since 0.1.0
 */
@Mojo(name = "pause", requiresProject = false, aggregator = true, threadSafe = true)
public class PauseMojo extends AbstractRepositoryMojo {

    @Override
    public void execute() throws MojoExecutionException {
        List<String> problems = new ArrayList<>();
        String reason = setting(PauseGoalSettings.REASON, problems);
        List<String> notify = setting(Notifier.NOTIFY, problems);
        if (problems.isEmpty() && (reason == null || reason.isBlank())) {
            problems.add("say why the land queue is paused: mvn queuelock:pause -D" + PauseGoalSettings.REASON.name() + "=\"<reason>\"");
        }
        if (!problems.isEmpty()) {
            throw new MojoExecutionException(String.join("; ", problems));
        }
        Path state = stateDir();
        QueuePause pause = new QueuePause(QueuePause.who(topDirectory()), reason.strip(), System.currentTimeMillis());
        try {
            pause.write(state);
        } catch (LandException e) {
            throw new MojoExecutionException(e.getMessage());
        }
        getLog().info(pause.describe(pause.since) + "; landers wait before their checks until mvn queuelock:resume");
        Map<String, Object> event = new LinkedHashMap<>();
        event.put("by", pause.by);
        event.put("reason", pause.reason);
        new Notifier(notify, getLog()::warn).send("paused", event);
    }
}
