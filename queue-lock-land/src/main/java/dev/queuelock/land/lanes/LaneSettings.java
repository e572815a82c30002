package dev.queuelock.land.lanes;

import dev.queuelock.repository.LaneDirectorySettings;
import dev.queuelock.config.Setting;
import dev.queuelock.config.SettingGroup;
import dev.queuelock.land.git.LandTarget;
import dev.queuelock.repository.LaneDirectory;
import dev.queuelock.repository.ports.LanePortSettings;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The lane settings (declared here, the worktree suffix and port base in
 * {@link LaneDirectorySettings} and the named ports in {@link LanePortSettings}, which the build queue reads too), validated as a whole: every problem is listed in one
 * message, so a user fixes {@code .mvn/maven.config} once instead of once per mistake.
 */
public final class LaneSettings {

    /** This class's settings, in the order the docs list them (declared first: the settings below join it). */
    public static final SettingGroup SETTINGS = new SettingGroup();

    private static final String LANES = "lane goals, init, land, status";

    public static final String DEFAULT_BRANCH_PREFIX = "lane/";

    public static final Setting<String> BRANCH_PREFIX = SETTINGS.add(Setting.text("queuelock.lanes.branchPrefix", DEFAULT_BRANCH_PREFIX, null, LANES,
            "Lane n works on the branch prefix + n, e.g. lane/3.").formerly("queuelock.branchPrefix"));
    /** Declared with the branches nobody pushes to by hand, which the pre-push guard reads; a lane setting. */
    public static final Setting<String> PRODUCTION_BRANCH = SETTINGS.add(LandTarget.PRODUCTION_BRANCH);
    public static final Setting<List<String>> SYMLINKS = SETTINGS.add(Setting.list("queuelock.lanes.symlinks", "lane",
            "Git-ignored paths of the main checkout symlinked into each new lane, e.g. .env.").formerly("queuelock.symlinks"));
    public static final Setting<Boolean> AUTO_LAND = SETTINGS.add(Setting.flag("queuelock.lanes.autoLand", true, "init",
            "The agents' instructions say to land when green; false: to propose landing to a person.").formerly("queuelock.autoLand"));

    /** Branch names and prefixes we accept: what git accepts, minus what a shell or a ref walk trips on. */
    private static final Pattern BRANCH_CHARS = Pattern.compile("[A-Za-z0-9._/-]+");

    private final String branchPrefix;
    private final LaneDirectory directory;
    private final String productionBranch;
    private final List<String> symlinks;
    private final boolean autoLand;
    private final LaneUse use;
    private final List<String> portNames;
    private final int namedPortBase;

    private LaneSettings(String branchPrefix, LaneDirectory directory, String productionBranch, List<String> symlinks,
                         boolean autoLand, LaneUse use, List<String> portNames, int namedPortBase) {
        this.use = use;
        this.portNames = List.copyOf(portNames);
        this.namedPortBase = namedPortBase;
        this.branchPrefix = branchPrefix;
        this.directory = directory;
        this.productionBranch = productionBranch;
        this.symlinks = List.copyOf(symlinks);
        this.autoLand = autoLand;
    }

    public static LaneSettings defaults() {
        return from(Map.of());
    }

    /**
     * @param values the {@code queuelock.*} values as given (absent or blank: the default)
     * @throws IllegalArgumentException listing every invalid setting and what it must be
     */
    public static LaneSettings from(Map<String, String> values) {
        List<String> problems = new ArrayList<>();
        String prefix = value(values, BRANCH_PREFIX.name()).orElse(DEFAULT_BRANCH_PREFIX);
        if (!isBranchName(prefix + "1")) {
            problems.add(BRANCH_PREFIX.name() + " must be letters, digits and . _ / - (not starting with - or"
                    + " containing ..), not '" + prefix + "'");
        }
        String suffix = value(values, LaneDirectorySettings.WORKTREE_SUFFIX).orElse(LaneDirectory.DEFAULT_WORKTREE_SUFFIX);
        if (!suffix.matches("[A-Za-z0-9._-]+") || suffix.matches("[0-9]+")) {
            problems.add(LaneDirectorySettings.WORKTREE_SUFFIX + " must be letters, digits and . _ - (not only digits, no /),"
                    + " not '" + suffix + "'");
        }
        Integer portBase = parse(LaneDirectorySettings.LANE_PORT_BASE, values, problems);
        String production = value(values, PRODUCTION_BRANCH.name()).orElse(null);
        if (production != null && !isBranchName(production)) {
            problems.add(PRODUCTION_BRANCH.name() + " must be a branch name (letters, digits and . _ / -), not '"
                    + production + "'");
        }
        List<String> links = symlinks(values, problems);
        Boolean autoLand = parse(AUTO_LAND, values, problems);
        LaneUse use = null;
        try {
            use = LaneUse.from(values);
        } catch (IllegalArgumentException e) {
            problems.add(e.getMessage());
        }
        List<String> portNames = List.of();
        try {
            portNames = LanePortSettings.names(values);
        } catch (IllegalArgumentException e) {
            problems.add(e.getMessage());
        }
        Integer namedPortBase = parse(LanePortSettings.NAMED_PORT_BASE, values, problems);
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", problems));
        }
        return new LaneSettings(prefix, new LaneDirectory(suffix, portBase), production, links, autoLand, use, portNames, namedPortBase);
    }

    /** The paths to link into every new lane, each inside the repository; a bad one joins {@code problems}. */
    private static List<String> symlinks(Map<String, String> values, List<String> problems) {
        List<String> links = new ArrayList<>();
        for (String link : value(values, SYMLINKS.name()).map(v -> Arrays.asList(v.split(","))).orElse(List.of())) {
            String path = link.trim();
            if (path.isEmpty()) {
                continue;
            }
            Path p = Path.of(path).normalize();
            if (p.isAbsolute() || p.startsWith("..") || p.toString().isEmpty() || p.startsWith(".git")) {
                problems.add(SYMLINKS.name() + " entries must be paths inside the repository (not absolute,"
                        + " no .., not .git), not '" + path + "'");
            } else {
                links.add(p.toString());
            }
        }
        return links;
    }

    /** The key's value by its one parser ({@link Setting}); a refusal joins {@code problems}. */
    private static <T> T parse(Setting<T> setting, Map<String, String> values, List<String> problems) {
        try {
            return setting.from(values);
        } catch (IllegalArgumentException e) {
            problems.add(e.getMessage());
            return null;
        }
    }

    private static Optional<String> value(Map<String, String> values, String key) {
        String v = values.get(key);
        return v == null || v.isBlank() ? Optional.empty() : Optional.of(v.trim());
    }

    static boolean isBranchName(String name) {
        return BRANCH_CHARS.matcher(name).matches() && !name.startsWith("-") && !name.contains("..")
                && !name.endsWith("/") && !name.endsWith(".") && !name.contains("//") && !name.endsWith(".lock");
    }

    public String branch(int lane) {
        return branchPrefix + lane;
    }

    public LaneDirectory directory() {
        return directory;
    }

    public Optional<String> productionBranch() {
        return Optional.ofNullable(productionBranch);
    }

    public List<String> symlinks() {
        return symlinks;
    }

    public boolean autoLand() {
        return autoLand;
    }

    /** The names of the ports each lane gets of its own ({@code queuelock.lanes.ports}), in their order. */
    public List<String> portNames() {
        return portNames;
    }

    /** Where a lane's named ports are taken from, upward. */
    public int namedPortBase() {
        return namedPortBase;
    }

    /** Who keeps a lane, what in it is litter, when an idle one is an orphan. */
    public LaneUse use() {
        return use;
    }
}
