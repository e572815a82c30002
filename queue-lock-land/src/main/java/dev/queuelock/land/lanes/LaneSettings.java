package dev.queuelock.land.lanes;

import dev.queuelock.config.QueueLockProperties;
import dev.queuelock.config.Setting;
import dev.queuelock.config.Settings;
import dev.queuelock.repo.LaneDirectory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The lane settings (dev.queuelock.config.Settings, LANE_*), validated as a whole: every problem is listed in one
 * message, so a user fixes {@code .mvn/maven.config} once instead of once per mistake.
 */
public final class LaneSettings {

    public static final String DEFAULT_BRANCH_PREFIX = "lane/";

    /** Branch names and prefixes we accept: what git accepts, minus what a shell or a ref walk trips on. */
    private static final Pattern BRANCH_CHARS = Pattern.compile("[A-Za-z0-9._/-]+");

    private final String branchPrefix;
    private final LaneDirectory directory;
    private final String productionBranch;
    private final List<String> symlinks;
    private final boolean autoLand;

    private LaneSettings(String branchPrefix, LaneDirectory directory, String productionBranch, List<String> symlinks,
                         boolean autoLand) {
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
        String prefix = value(values, QueueLockProperties.BRANCH_PREFIX).orElse(DEFAULT_BRANCH_PREFIX);
        if (!isBranchName(prefix + "1")) {
            problems.add(QueueLockProperties.BRANCH_PREFIX + " must be letters, digits and . _ / - (not starting with - or"
                    + " containing ..), not '" + prefix + "'");
        }
        String suffix = value(values, QueueLockProperties.WORKTREE_SUFFIX).orElse(LaneDirectory.DEFAULT_WORKTREE_SUFFIX);
        if (!suffix.matches("[A-Za-z0-9._-]+") || suffix.matches("[0-9]+")) {
            problems.add(QueueLockProperties.WORKTREE_SUFFIX + " must be letters, digits and . _ - (not only digits, no /),"
                    + " not '" + suffix + "'");
        }
        Integer portBase = parse(Settings.LANE_PORT_BASE, values, problems);
        String production = value(values, QueueLockProperties.PRODUCTION_BRANCH).orElse(null);
        if (production != null && !isBranchName(production)) {
            problems.add(QueueLockProperties.PRODUCTION_BRANCH + " must be a branch name (letters, digits and . _ / -), not '"
                    + production + "'");
        }
        List<String> links = new ArrayList<>();
        for (String link : value(values, QueueLockProperties.SYMLINKS).map(v -> Arrays.asList(v.split(","))).orElse(List.of())) {
            String path = link.trim();
            if (path.isEmpty()) {
                continue;
            }
            Path p = Path.of(path).normalize();
            if (p.isAbsolute() || p.startsWith("..") || p.toString().isEmpty() || p.startsWith(".git")) {
                problems.add(QueueLockProperties.SYMLINKS + " entries must be paths inside the repository (not absolute,"
                        + " no .., not .git), not '" + path + "'");
            } else {
                links.add(p.toString());
            }
        }
        Boolean autoLand = parse(Settings.LANE_AUTO_LAND, values, problems);
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", problems));
        }
        return new LaneSettings(prefix, new LaneDirectory(suffix, portBase), production, links, autoLand);
    }

    /** The key's value by its one parser (dev.queuelock.config.Settings); a refusal joins {@code problems}. */
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

    public String branchPrefix() {
        return branchPrefix;
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
}
