package dev.queuelock.maven.extension;

import dev.queuelock.repository.LaneDirectory;
import dev.queuelock.repository.ports.LanePortSettings;
import dev.queuelock.repository.ports.PortRegistry;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Gives a build inside a lane the lane's named ports ({@code queuelock.lanes.ports=http,db}) as
 * {@code queuelock.lane.port.http}, {@code queuelock.lane.port.db}: the ports the machine's register
 * holds for the lane, given there on the lane's first ask. Loaded only in a lane whose settings name
 * ports (the lane's build properties test the key first); a build outside lanes never loads it.
 */
final class NamedPortProperties {

    private static final Logger LOG = LoggerFactory.getLogger(NamedPortProperties.class);

    private NamedPortProperties() {
    }

    /**
     * The properties to set, by name; none where the setting is bad or the register cannot give
     * ports, which is only warned about: the build itself may not need them.
     */
    static Map<String, String> of(Properties user, Path lane) {
        Map<String, Integer> ports;
        try {
            List<String> names = LanePortSettings.names(user);
            ports = PortRegistry.machine().portsOf(lane, names, LanePortSettings.NAMED_PORT_BASE.from(user));
        } catch (IllegalArgumentException | IOException e) {
            // A POM that uses ${queuelock.lane.port.<name>} will say so.
            LOG.warn("{}; the lane's named ports ({}<name>) are not set in this build.", e.getMessage(), LaneDirectory.NAMED_PORT_PREFIX);
            return Map.of();
        }
        Map<String, String> properties = new LinkedHashMap<>();
        for (Map.Entry<String, Integer> port : ports.entrySet()) {
            properties.put(LaneDirectory.NAMED_PORT_PREFIX + port.getKey(), String.valueOf(port.getValue()));
        }
        return properties;
    }
}
