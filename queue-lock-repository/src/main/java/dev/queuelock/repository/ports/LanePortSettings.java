package dev.queuelock.repository.ports;

import dev.queuelock.config.Setting;
import dev.queuelock.config.SettingGroup;
import dev.queuelock.repository.LaneDirectory;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The ports a lane asks for by name ({@code queuelock.lanes.ports=http,db,debug}) and where they are
 * taken from. Read by the core extension only in a lane whose build names some: the extension tests
 * the key's name (a constant, {@link #PORTS}) before this class is loaded.
 */
public final class LanePortSettings {

    /** This class's settings, in the order the docs list them (declared first: the settings below join it). */
    public static final SettingGroup SETTINGS = new SettingGroup();

    private static final String READ_BY = "lane goals, build queue";

    /** The key's name, a constant: naming it loads nothing. */
    public static final String PORTS = "queuelock.lanes.ports";

    /** The other key's name, a constant too. */
    public static final String NAMED_PORT_BASE_KEY = "queuelock.lanes.namedPortBase";

    /** Default of {@code queuelock.lanes.namedPortBase}: below every system's ephemeral ports (32768 and up on Linux). */
    public static final int DEFAULT_NAMED_PORT_BASE = 20000;

    /** How many names a lane may ask for: more is a mistake, not a service. */
    static final int MAX_NAMES = 32;

    public static final Setting<List<String>> NAMES = SETTINGS.add(Setting.list(PORTS, READ_BY,
            "Names of the ports each lane gets of its own, e.g. http,db,debug: no two lanes on this machine share one, and a lane"
                    + " keeps its numbers until it is pruned; ${" + LaneDirectory.NAMED_PORT_PREFIX + "<name>} in every build inside"
                    + " the lane, printed by queuelock:port."));
    public static final Setting<Integer> NAMED_PORT_BASE = SETTINGS.add(Setting.number(NAMED_PORT_BASE_KEY, 1024,
            LaneDirectory.MAX_PORT, DEFAULT_NAMED_PORT_BASE, READ_BY,
            "A lane's named ports are the lowest free ones from this port up: held by no lane of this machine, and no program"
                    + " listening on it when it is given."));

    /** A name as a property's last part: a letter, then letters, digits, _ or -. */
    private static final Pattern NAME = Pattern.compile("[A-Za-z][A-Za-z0-9_-]{0,31}");

    private LanePortSettings() {
    }

    /**
     * The names these user properties ask for, in their order, each once; none when unset.
     *
     * @throws IllegalArgumentException a name that cannot end a property's name, or too many
     */
    public static List<String> names(Properties user) {
        return check(NAMES.from(user));
    }

    /** {@link #names(Properties)} of settings given as a map. */
    public static List<String> names(Map<String, String> values) {
        return check(NAMES.from(values));
    }

    private static List<String> check(List<String> given) {
        Set<String> names = new LinkedHashSet<>();
        for (String name : given == null ? List.<String>of() : given) {
            if (!NAME.matcher(name).matches()) {
                throw new IllegalArgumentException(PORTS + " names must be a letter, then letters, digits, _ or - (at most 32),"
                        + " not '" + name + "'");
            }
            names.add(name);
        }
        if (names.size() > MAX_NAMES) {
            throw new IllegalArgumentException(PORTS + " may name at most " + MAX_NAMES + " ports, not " + names.size());
        }
        return new ArrayList<>(names);
    }
}
