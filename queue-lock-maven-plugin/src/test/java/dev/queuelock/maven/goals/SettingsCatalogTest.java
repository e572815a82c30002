package dev.queuelock.maven.goals;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.queuelock.build.AffectedBuildSettings;
import dev.queuelock.repository.LaneDirectorySettings;
import dev.queuelock.repository.ports.LanePortSettings;
import dev.queuelock.build.localrepo.LocalRepositorySettings;
import dev.queuelock.config.LockSettings;
import dev.queuelock.build.ReuseSettings;
import dev.queuelock.config.Setting;
import dev.queuelock.config.SettingGroup;
import dev.queuelock.land.engine.CheckAndPushSettings;
import dev.queuelock.repository.LaneDirectory;
import dev.queuelock.land.disk.DiskSettings;
import dev.queuelock.land.git.LandTarget;
import dev.queuelock.land.notify.Notifier;
import dev.queuelock.land.batch.BatchOptions;
import dev.queuelock.land.engine.CheckAndPushSettings;
import dev.queuelock.land.git.LandTarget;
import dev.queuelock.land.lanes.LaneSettings;
import dev.queuelock.land.lanes.LaneUse;
import dev.queuelock.zookeeper.ZooKeeperSettings;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Properties;
import java.util.Map;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.junit.jupiter.api.Test;

/**
 * The catalog lists every setting that a class declares beside its reader, once, and no other; a
 * key is declared once, in its class's group, and from there it reaches {@code queuelock:config},
 * {@code help -Ddetail}, its goal's page and the configuration page with no other edit (the scratch key below).
 */
class SettingsCatalogTest {

    /** Where the keys are declared: the lock's in core, the others beside the code that reads them. */
    private static final List<Class<?>> DECLARED_IN = List.of(LockSettings.class, LaneDirectorySettings.class,
            LanePortSettings.class, LocalRepositorySettings.class, AffectedBuildSettings.class, ReuseSettings.class, ZooKeeperSettings.class, LandTarget.class, CheckAndPushSettings.class, BatchOptions.class, LaneSettings.class,
            LaneUse.class, StatusGoalSettings.class, LaneGoalSettings.class, PortGoalSettings.class, PauseGoalSettings.class,
            PreviewGoalSettings.class, InitGoalSettings.class, UninstallGoalSettings.class, Notifier.class,
            WatchGoalSettings.class, DiskSettings.class);

    /** A key as a new one is added: one declaration in its class's group, nothing else. */
    private static final class Scratch {
        static final SettingGroup SETTINGS = new SettingGroup();
        static final String KEY = "queuelock.land.scratchRetries";
        static final Setting<Integer> SCRATCH_RETRIES = SETTINGS.add(Setting.number(KEY, 0, 2, "land",
                "How often a scratch step is tried again."));
    }

    private static SettingsCatalog withScratch() throws IllegalAccessException {
        List<SettingGroup> groups = new ArrayList<>();
        for (Class<?> type : DECLARED_IN) {
            groups.add(group(type));
        }
        groups.add(Scratch.SETTINGS);
        return new SettingsCatalog(groups);
    }

    @Test
    void aKeyDeclaredOnceReachesConfigHelpTheGoalsPageAndTheConfigurationPage(@TempDir Path copy) throws Exception {
        SettingsCatalog catalog = withScratch();
        assertThat(catalog.named(Scratch.KEY)).contains(Scratch.SCRATCH_RETRIES);

        Properties user = new Properties();
        List<String> problems = new ArrayList<>();
        assertThat(ConfigMojo.lines(catalog, user, problems)).as("queuelock:config")
                .containsSubsequence("queuelock.land.scratchRetries = 2 (default) [land]", "    How often a scratch step is tried again.");
        assertThat(problems).isEmpty();
        user.setProperty(Scratch.KEY, "many");
        ConfigMojo.lines(catalog, user, problems);
        assertThat(problems).containsExactly("queuelock.land.scratchRetries must be a whole number of 0 or more, not 'many'");

        // What the build does after maven-plugin-plugin, on a copy of this build's descriptors and page.
        Path target = copy.resolve("target");
        for (Path descriptor : List.of(HELP, PLUGIN_XML, ENHANCED)) {
            Files.createDirectories(target.resolve(descriptor).getParent());
            Files.copy(Path.of("target").resolve(descriptor), target.resolve(descriptor));
        }
        Path page = target.resolve("configuration.md");
        SettingsPages pages = new SettingsPages(catalog);
        pages.describeGoals(target);
        pages.updateTable(ConfigurationPageTest.PAGE, page);
        assertThat(ConfigurationPageTest.staleness(ConfigurationPageTest.PAGE, catalog)).as("the committed page lacks the new key")
                .hasValueSatisfying(rows -> assertThat(rows).contains("missing: | `queuelock.land.scratchRetries`"));

        String line = "queuelock.land.scratchRetries (default 2; a whole number of 0 or more): How often a scratch step is tried again.";
        assertThat(landDescription(target.resolve(HELP))).as("help -Ddetail prints the goal's description from plugin-help.xml")
                .contains(line);
        assertThat(landDescription(target.resolve(ENHANCED))).as("the goal's site page, from plugin-enhanced.xml")
                .contains("<li><code>queuelock.land.scratchRetries</code> (default 2; a whole number of 0 or more): "
                        + "How often a scratch step is tried again.</li>");
        assertThat(ConfigurationPageTest.pageTable(page)).as("configuration.md").contains(
                "| `queuelock.land.scratchRetries` | `2` | a whole number of 0 or more | land | How often a scratch step is tried again. |");
        assertThat(ConfigurationPageTest.pageTable(ConfigurationPageTest.PAGE)).doesNotContain("scratchRetries");
        assertThat(DocsNameWhatExistsTest.unknownKeys(catalog, List.of("Set `queuelock.land.scratchRetries` to 1.")))
                .as("the docs may name it").isEmpty();
    }

    /**
     * Every goal reads the catalog (its keys, checked and carried over): a catalog that named a goal
     * would make the package's files a cycle. A goal's own keys are in a class of their own.
     */
    @Test
    void theCatalogNamesNoGoal() throws Exception {
        String source = Files.readString(Path.of("src/main/java/dev/queuelock/maven/goals/SettingsCatalog.java"));
        assertThat(java.util.regex.Pattern.compile("\\b\\w+Mojo\\b").matcher(source.replaceAll("(?s)/\\*.*?\\*/", "")).results()
                .map(java.util.regex.MatchResult::group)).as("goals the catalog names").isEmpty();
    }

    @Test
    void aKeySetUnderItsFormerNameIsReadAndNamesItsNewName() {
        Properties user = new Properties();
        user.setProperty("queuelock.pushRetries", "5");
        assertThat(CheckAndPushSettings.PUSH_RETRIES.from(user)).isEqualTo(5);
        assertThat(CheckAndPushSettings.SETTINGS.carryOver(user))
                .containsExactly("queuelock.pushRetries is now queuelock.land.pushRetries: rename it where it is set "
                        + "(the -D or the file that sets it).");
        assertThat(user).containsOnly(Map.entry("queuelock.land.pushRetries", "5"));
    }

    private static final Path HELP = Path.of("classes", "META-INF", "maven", "dev.queuelock", "queue-lock-maven-plugin", "plugin-help.xml");
    private static final Path PLUGIN_XML = Path.of("classes", "META-INF", "maven", "plugin.xml");
    private static final Path ENHANCED = Path.of("plugin-enhanced.xml");

    /** The land goal's description in {@code descriptor}, as text. */
    private static String landDescription(Path descriptor) throws Exception {
        NodeList mojos = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(descriptor.toFile()).getElementsByTagName("mojo");
        for (int i = 0; i < mojos.getLength(); i++) {
            Element mojo = (Element) mojos.item(i);
            if (mojo.getElementsByTagName("goal").item(0).getTextContent().equals("land")) {
                return mojo.getElementsByTagName("description").item(0).getTextContent();
            }
        }
        throw new AssertionError("no land goal in " + descriptor);
    }

    @Test
    void theCatalogIsEverySettingDeclaredBesideItsReader() throws IllegalAccessException {
        List<Setting<?>> declared = new ArrayList<>();
        for (Class<?> type : DECLARED_IN) {
            for (Field f : type.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers()) && f.getType() == Setting.class) {
                    f.setAccessible(true);
                    declared.add((Setting<?>) f.get(null));
                }
            }
        }
        // A class may list a setting declared in another (LaneSettings the production branch): the same one, once.
        assertThat(SettingsCatalog.standard().all()).containsExactlyInAnyOrderElementsOf(new ArrayList<>(new LinkedHashSet<>(declared)));
    }

    @Test
    void everyKeyConstantNamesASetting() throws IllegalAccessException {
        for (Class<?> type : DECLARED_IN) {
            for (Field f : type.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers()) && f.getType() == String.class) {
                    f.setAccessible(true);
                    String value = (String) f.get(null);
                    if (value.startsWith(Setting.PREFIX) && !value.equals(LaneDirectory.NUMBER_PROPERTY) && !value.equals(LaneDirectory.PORT_PROPERTY)) {
                        assertThat(SettingsCatalog.standard().named(value)).as("%s.%s", type.getSimpleName(), f.getName())
                                .isPresent();
                    }
                }
            }
        }
    }

    @Test
    void twoKeysOfOneNameAreRefused() {
        SettingGroup twice = new SettingGroup();
        twice.add(Setting.flag("queuelock.twice", true, "land", "Once."));
        twice.add(Setting.flag("queuelock.twice", false, "land", "Twice."));
        assertThatThrownBy(() -> new SettingsCatalog(List.of(twice))).hasMessage("two settings named queuelock.twice");
    }

    private static SettingGroup group(Class<?> type) throws IllegalAccessException {
        try {
            Field f = type.getDeclaredField("SETTINGS");
            f.setAccessible(true);
            return (SettingGroup) f.get(null);
        } catch (NoSuchFieldException e) {
            throw new AssertionError(type + " declares settings but no SETTINGS group", e);
        }
    }
}
