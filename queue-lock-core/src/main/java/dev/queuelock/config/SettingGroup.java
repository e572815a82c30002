package dev.queuelock.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * The {@code queuelock.*} keys one class declares, in the order it declares them. A key joins its
 * class's group in the statement that declares it ({@code GROUP.add(Setting.flag(...))}), so the
 * plugin's catalog, {@code queuelock:config}, the goals' pages and the configuration page pick up
 * a new key with no list to update. Declare the group before its settings: static fields are initialised in
 * the order they are written.
 */
public final class SettingGroup {

    private final List<Setting<?>> settings = new ArrayList<>();

    /** {@code setting}, now one of this group's. */
    public synchronized <T> Setting<T> add(Setting<T> setting) {
        settings.add(setting);
        return setting;
    }

    /**
     * Moves every value set under a key's former name to its name (unless that is set too), so
     * whatever reads {@code properties} next, a check build included, sees one spelling.
     *
     * @return one line per moved key, naming the key to use instead
     */
    public List<String> carryOver(Properties properties) {
        List<String> renamed = new ArrayList<>();
        for (Setting<?> setting : all()) {
            String old = setting.formerName();
            String value = old == null ? null : properties.getProperty(old);
            if (value != null) {
                properties.remove(old);
                properties.putIfAbsent(setting.name(), value);
                renamed.add(old + " is now " + setting.name() + ": rename it where it is set (.mvn/maven.config or -D).");
            }
        }
        return renamed;
    }

    /** This group's settings, in the order they were declared. */
    public synchronized List<Setting<?>> all() {
        return List.copyOf(settings);
    }
}
