package dev.queuelock.land.lanes;

import dev.queuelock.config.Setting;
import dev.queuelock.config.SettingGroup;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * What counts as someone working in a lane (the agent processes), what in it is litter rather than
 * work (disposable untracked files), and how long a lane with work in it may sit idle before it is
 * called an orphan: the settings status, prune and land's sweep judge lanes by.
 */
public final class LaneUse {

    /** This class's settings, in the order the docs list them (declared first: the settings below join it). */
    public static final SettingGroup SETTINGS = new SettingGroup();

    private static final String READ_BY = "land, prune, status";

    public static final Setting<List<String>> AGENT_PROCESSES = SETTINGS.add(Setting.text("queuelock.lanes.agentProcesses", "claude", null, READ_BY,
            "Command names of agent processes, comma-separated (each a prefix, any case): one working in a lane keeps it from being pruned, as do"
                    + " queue-lock's own builds and lands; any other process there (a shell, an IDE, a dev server) is named"
                    + " in the prune report and does not keep it.")
            .as(LaneUse::names).formerly("queuelock.agentProcesses"));
    public static final Setting<List<String>> DISPOSABLE_UNTRACKED = SETTINGS.add(Setting.list("queuelock.lanes.disposableUntracked", READ_BY,
            "Untracked paths that are session litter, e.g. scratchpad/ (the path, and anything under it): they do not"
                    + " make a landed lane an orphan, and prune deletes them with the lane.").formerly("queuelock.disposableUntracked"));
    public static final Setting<Duration> ORPHAN_GRACE = SETTINGS.add(Setting.duration("queuelock.lanes.orphanGrace", Duration.ofMinutes(30), READ_BY,
            "A lane with unlanded or uncommitted work is called orphaned only after this long with no agent process and"
                    + " no build of ours in it and no change to its files, so an agent between two commands is not.").formerly("queuelock.orphanGrace"));
    public static final Setting<Duration> NEW_LANE_GRACE = SETTINGS.add(Setting.duration("queuelock.lanes.newLaneGrace", Duration.ofHours(1), READ_BY,
            "A new lane (no commits of its own, nothing uncommitted) is kept this long after it was made or last showed"
                    + " a sign of work, whatever agent works in it, so a lane made for an agent that has not started yet is"
                    + " not pruned by another lane's landing; after that, unused, it is pruned."));
    public static final Setting<Duration> DROP_IDLE_OUTPUT = SETTINGS.add(Setting.optionalDuration("queuelock.lanes.dropIdleOutputAfter", "never",
            "land, prune", "The build output (each module's target/ beside its pom.xml) of a lane idle longer than this is deleted by"
                    + " prune and by land after a landing, never in a lane in use (an agent, a Maven run or a lander works in it, or"
                    + " nobody can tell), as prune judges it; each is reported with the bytes it freed. Unset: never."));

    private final List<String> agents;
    private final List<String> disposable;
    private final Duration orphanGrace;
    private final Duration newLaneGrace;
    private final Duration dropIdleOutput;

    private LaneUse(List<String> agents, List<String> disposable, Duration orphanGrace, Duration newLaneGrace, Duration dropIdleOutput) {
        this.agents = List.copyOf(agents);
        this.disposable = List.copyOf(disposable);
        this.orphanGrace = orphanGrace;
        this.newLaneGrace = newLaneGrace;
        this.dropIdleOutput = dropIdleOutput;
    }

    public static LaneUse defaults() {
        return from(Map.of());
    }

    /** @throws IllegalArgumentException naming the key and what it accepts */
    public static LaneUse from(Map<String, String> values) {
        List<String> disposable = DISPOSABLE_UNTRACKED.from(values);
        return new LaneUse(AGENT_PROCESSES.from(values), disposable == null ? List.of() : disposable,
                ORPHAN_GRACE.from(values), NEW_LANE_GRACE.from(values), DROP_IDLE_OUTPUT.from(values));
    }

    private static List<String> names(String text) {
        return Arrays.stream(text.split(",")).map(String::trim).filter(s -> !s.isEmpty()).collect(Collectors.toList());
    }

    /** Whether a command name is an agent's: matched by prefix, as lsof on macOS cuts names short. */
    public boolean isAgent(String command) {
        String name = command.toLowerCase(java.util.Locale.ROOT);
        return agents.stream().anyMatch(agent -> name.startsWith(agent.toLowerCase(java.util.Locale.ROOT)));
    }

    /**
     * Whether an untracked path (as git status gives it: a directory ends with /) is litter: it is a
     * pattern's path, or lies under it. Patterns are paths, a trailing / optional, as in the npm tool.
     */
    public boolean isDisposable(String untracked) {
        return disposable.stream().map(p -> p.endsWith("/") ? p.substring(0, p.length() - 1) : p)
                .anyMatch(base -> untracked.equals(base) || untracked.startsWith(base + "/"));
    }

    public Duration orphanGrace() {
        return orphanGrace;
    }

    /** How long a new lane is kept unused ({@link #NEW_LANE_GRACE}). */
    public Duration newLaneGrace() {
        return newLaneGrace;
    }

    /** How long a lane is idle before its build output is dropped ({@link #DROP_IDLE_OUTPUT}); empty: never. */
    public Optional<Duration> dropIdleOutputAfter() {
        return Optional.ofNullable(dropIdleOutput);
    }
}
