package dev.queuelock.maven.goals;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.config.Setting;
import dev.queuelock.maven.extension.check.LandCheckProperties;
import dev.queuelock.repository.LaneDirectory;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The list of every {@code queuelock.*} name that core carries for the build queue's unknown-key
 * warning ({@code dev.queuelock.config.KnownKeys}) is the catalog's settings, with their former
 * names, and the properties queue-lock gives builds: the extension cannot reach the catalog.
 */
class KnownKeysListingTest {

    static final Path LISTING = Path.of("..", "queue-lock-core", "src", "main", "resources", "dev", "queuelock", "config",
            "known-keys.txt");

    /** The properties queue-lock itself sets in builds: the lane's, and those land gives its check build. */
    private static final List<String> SET_BY_QUEUE_LOCK = List.of(LaneDirectory.NUMBER_PROPERTY, LaneDirectory.PORT_PROPERTY,
            LaneDirectory.NAMED_PORT_PREFIX + "*",
            LandCheckProperties.CHANGED_FILES, LandCheckProperties.ROOT, LandCheckProperties.CHANGED_OWN,
            LandCheckProperties.CHANGED_AHEAD, LandCheckProperties.PLAN);

    @Test
    void theListingIsTheCatalogsKeysAndThePropertiesQueueLockSets() throws IOException {
        String expected = listing(SettingsCatalog.standard());
        assertThat(Files.readString(LISTING, StandardCharsets.UTF_8))
                .as("%s is the catalog's keys: a key added, renamed or removed goes there too; it should read:%n%s", LISTING, expected)
                .isEqualTo(expected);
    }

    static String listing(SettingsCatalog catalog) {
        StringBuilder out = new StringBuilder()
                .append("# Every queuelock.* name a Maven session may carry on purpose, for the build queue's and the goals'\n")
                .append("# warning of a name no key has (dev.queuelock.config.KnownKeys): each setting of the plugin's catalog,\n")
                .append("# then its former name if it has one, then the properties queue-lock sets in builds. The core\n")
                .append("# extension cannot reach the catalog; KnownKeysListingTest (queue-lock-maven-plugin) holds this equal to it.\n");
        for (Setting<?> setting : catalog.all()) {
            out.append(setting.name());
            if (setting.formerName() != null) {
                out.append(' ').append(setting.formerName());
            }
            out.append('\n');
        }
        out.append("# set by queue-lock\n");
        SET_BY_QUEUE_LOCK.forEach(name -> out.append(name).append('\n'));
        return out.toString();
    }
}
