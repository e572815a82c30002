package dev.queuelock.config;

import java.util.ArrayList;
import java.util.Collection;
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
                renamed.add(old + " is now " + setting.name() + ": rename it where it is set (the -D or the file that sets it).");
            }
        }
        return renamed;
    }

    /** Whether {@code key} is one of this group's keys or the former name of one. */
    public synchronized boolean declares(String key) {
        for (Setting<?> setting : settings) {
            if (key.equals(setting.name()) || key.equals(setting.formerName())) {
                return true;
            }
        }
        return false;
    }

    /**
     * The {@code queuelock.*} names among {@code sources} that none of {@code groups} declares, each
     * once: what a reader that knows those groups cannot explain ({@link KnownKeys} may). A look at
     * each name's start, nothing loaded: every build does it.
     */
    public static List<String> undeclared(Collection<SettingGroup> groups, Properties... sources) {
        List<String> undeclared = null;
        for (Properties source : sources) {
            for (Object key : source.keySet()) {
                if (key instanceof String && ((String) key).startsWith(Setting.PREFIX) && !declared(groups, (String) key)) {
                    if (undeclared == null) {
                        undeclared = new ArrayList<>();
                    }
                    if (!undeclared.contains(key)) {
                        undeclared.add((String) key);
                    }
                }
            }
        }
        return undeclared == null ? List.of() : undeclared;
    }

    private static boolean declared(Collection<SettingGroup> groups, String key) {
        for (SettingGroup group : groups) {
            if (group.declares(key)) {
                return true;
            }
        }
        return false;
    }

    /** This group's settings, in the order they were declared. */
    public synchronized List<Setting<?>> all() {
        return List.copyOf(settings);
    }
}
