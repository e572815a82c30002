package dev.queuelock.maven.goals;

import dev.queuelock.config.KnownKeys;
import dev.queuelock.config.Setting;
import dev.queuelock.config.SettingGroup;
import java.util.List;
import java.util.Properties;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.logging.Log;
import org.apache.maven.project.MavenProject;

/**
 * The {@code queuelock.*} values a goal reads, straight from each key's {@link Setting} (a goal has
 * no parameter field per key, so the key's declaration is its only description): looked up where
 * Maven looks up a parameter's property, the user properties ({@code -D}, {@code .mvn/maven.config})
 * first, then the system properties, then the project's. A key set under its former name is moved to
 * its name in the session's user properties, so a check build inherits one spelling, with one warning
 * naming the key to use. A {@code queuelock.*} name no key has is warned about, naming the nearest
 * key, once per session (the build queue checks too, and the first to see it says it).
 */
final class GoalSettings {

    private final Properties values = new Properties();

    private GoalSettings(MavenSession session, Log log) {
        for (SettingGroup group : SettingsCatalog.standard().groups()) {
            group.carryOver(session.getUserProperties()).forEach(log::warn);
        }
        List<String> undeclared = SettingGroup.undeclared(SettingsCatalog.standard().groups(), session.getUserProperties(),
                session.getSystemProperties());
        if (!undeclared.isEmpty()) {
            KnownKeys.warnOnce(session.getRequest().getData(), undeclared).forEach(log::warn);
        }
        MavenProject project = session.getCurrentProject();
        if (project != null) {
            values.putAll(project.getProperties());
        }
        values.putAll(session.getSystemProperties());
        values.putAll(session.getUserProperties());
    }

    /** What this goal invocation sees, warning once for each key set under its former name. */
    static GoalSettings of(MavenSession session, Log log) {
        return new GoalSettings(session, log);
    }

    /** The value of {@code setting}, its default when unset; a refusal goes into {@code problems} (and null comes back). */
    <T> T get(Setting<T> setting, List<String> problems) {
        try {
            return setting.from(values);
        } catch (IllegalArgumentException e) {
            problems.add(e.getMessage());
            return null;
        }
    }

    /** The text given for {@code setting} as it is (blank included), null when it is not set. */
    String given(Setting<?> setting) {
        return values.getProperty(setting.name());
    }
}
