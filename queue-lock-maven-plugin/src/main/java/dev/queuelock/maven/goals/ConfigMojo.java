package dev.queuelock.maven.goals;

import dev.queuelock.config.Setting;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Shows every queuelock.* setting as this invocation sees it (from -D and .mvn/maven.config): its
 * value, whether that is the default, who reads it and what it means; fails naming every key whose
 * value is not accepted, all at once, so one edit of .mvn/maven.config fixes them all. This lists
 * the keys no goal reads too: the build queue's (the core extension's) and the queue backends'.
 * Each goal's own keys are also on its page, as its parameters.
 *
 * @since 0.1.0
 */
@Mojo(name = "config", requiresProject = false, aggregator = true, threadSafe = true)
public class ConfigMojo extends AbstractMojo {

    @Parameter(defaultValue = "${session}", readonly = true, required = true)
    private MavenSession session;

    @Override
    public void execute() throws MojoExecutionException {
        GoalSettings.of(session, getLog()); // warns of keys set under a former name, and moves them to the new one
        List<String> problems = new ArrayList<>();
        List<String> lines = lines(SettingsCatalog.standard(), session.getUserProperties(), problems);
        if (!problems.isEmpty()) {
            throw new MojoExecutionException(String.join("; ", problems));
        }
        lines.forEach(getLog()::info);
    }

    /**
     * One line per setting of {@code catalog}: {@code key = value (default|set) [read by]} and its
     * meaning, in the catalog's order. Every value not accepted goes into {@code problems}, with what
     * it accepts.
     */
    static List<String> lines(SettingsCatalog catalog, Properties user, List<String> problems) {
        List<String> out = new ArrayList<>();
        for (Setting<?> setting : catalog.all()) {
            String value = user.getProperty(setting.name());
            try {
                setting.parse(value);
            } catch (IllegalArgumentException e) {
                problems.add(e.getMessage());
            }
            boolean set = value != null && !value.isBlank();
            out.add(setting.name() + " = " + (set ? value.trim() + " (set)" : setting.defaultText() + " (default)")
                    + " [" + setting.readBy() + "]");
            out.add("    " + setting.meaning());
        }
        return out;
    }
}
