package dev.queuelock.land.lanes;

import dev.queuelock.Durations;
import dev.queuelock.land.git.Git;
import dev.queuelock.process.Occupant;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A lane as status, prune and the orphan listing see it: how far its branch is ahead of and behind
 * the integration branch, what happened to it ({@link LaneStage}: new, working, landed, refused), whether it is in use and why (an agent, a Maven
 * run, a lander, or that nobody can tell) and who else is there, how long it has been idle, what is
 * uncommitted there, its port and the named ports the machine's register holds for it.
 */
public final class LaneState {

    private final Lane lane;
    private final int ahead;
    private final int behind;
    private final boolean landed;
    private final LaneStage stage;
    private final String keptBy;
    private final List<Occupant> bystanders;
    private final Duration idle;
    private final Duration grace;
    private final Duration unused;
    private final Duration newLaneGrace;
    private final List<String> uncommitted;
    private final List<String> disposable;
    private final int port;
    private final Map<String, Integer> namedPorts;

    private LaneState(Lane lane, int[] aheadBehind, boolean landed, LaneStage stage, Activity activity, LaneChanges changes, int port,
            Map<String, Integer> namedPorts) {
        this.lane = lane;
        this.ahead = aheadBehind[0];
        this.behind = aheadBehind[1];
        this.landed = landed;
        this.stage = stage;
        this.keptBy = activity.keptBy;
        this.bystanders = activity.bystanders;
        this.idle = activity.idle;
        this.grace = activity.grace;
        this.unused = activity.unused;
        this.newLaneGrace = activity.newLaneGrace;
        this.uncommitted = List.copyOf(changes.work);
        this.disposable = List.copyOf(changes.litter);
        this.port = port;
        this.namedPorts = Collections.unmodifiableMap(new LinkedHashMap<>(namedPorts));
    }

    /**
     * @param integrationRef the ref lanes land on, e.g. {@code refs/remotes/origin/main}
     * @param landings       what the landing history says of the lanes, from the same look
     * @param namedPorts     the named ports the register holds for the lane, by name (read, never given)
     */
    static LaneState of(Lane lane, LaneLayout layout, String integrationRef, LaneKeepers keepers, LaneLandings landings,
            Map<String, Integer> namedPorts) {
        LaneChanges changes = LaneChanges.of(lane, layout);
        LaneUse use = layout.settings().use();
        Optional<String> keptBy = keepers.keeper(lane);
        Duration idle = keptBy.isPresent() ? Duration.ZERO : Duration.ofMillis(Math.max(0, System.currentTimeMillis()
                - LaneActivity.lastSign(lane.path(), changes.all())));
        Activity activity = new Activity(keptBy.orElse(null), keepers.bystanders(lane), idle, use.orphanGrace(),
                unused(lane, idle), use.newLaneGrace());
        int[] aheadBehind = aheadBehind(lane, layout, integrationRef);
        boolean landed = landings.landed(lane, aheadBehind[0], layout.mainGit().refs());
        LaneStage stage = LaneStage.of(aheadBehind[0], !changes.work.isEmpty(), landed, landings.last(lane));
        return new LaneState(lane, aheadBehind, landed, stage, activity, changes, layout.settings().directory().port(lane.number()),
                namedPorts);
    }

    /** Idle, and no longer than since the lane was made (a lane made now from old files is not old). */
    private static Duration unused(Lane lane, Duration idle) {
        if (lane.madeAt() <= 0) {
            return idle;
        }
        Duration sinceMade = Duration.ofMillis(Math.max(0, System.currentTimeMillis() - lane.madeAt()));
        return sinceMade.compareTo(idle) < 0 ? sinceMade : idle;
    }

    /** Commits ahead of and behind the integration branch; -1 where git cannot tell. */
    private static int[] aheadBehind(Lane lane, LaneLayout layout, String integrationRef) {
        Optional<String> tip = lane.branch().map(b -> "refs/heads/" + b).or(() -> new Git(lane.path()).refs().resolve("HEAD"));
        return tip.flatMap(t -> layout.mainGit().refs().divergence(integrationRef, t))
                .map(d -> new int[] {d.ahead(), d.behind()})
                .orElse(new int[] {-1, -1});
    }

    public Lane lane() {
        return lane;
    }

    /** Commits on the lane not on the integration branch; -1 if git could not tell. */
    public int ahead() {
        return ahead;
    }

    /** Commits on the integration branch not on the lane; -1 if git could not tell. */
    public int behind() {
        return behind;
    }

    /**
     * Its commits reached the integration branch: all are on it, and it had some (or a landing of
     * it is in the history). A fresh lane, with no commits of its own, has not landed.
     */
    public boolean landed() {
        return landed;
    }

    /**
     * No commit of the lane is missing from the integration branch (trivially so for a fresh lane):
     * what prune asks ({@link LanePruner}), not whether it landed ({@link #landed}).
     */
    public boolean allOnIntegration() {
        return ahead == 0;
    }

    /** What happened to it: new, working, landed or refused. */
    public LaneStage stage() {
        return stage;
    }

    /** In use: an agent, a Maven run or a lander works in it, or nobody can tell (see {@link #inUseBecause()}). */
    public boolean live() {
        return keptBy != null;
    }

    /** Why it is in use, e.g. {@code Maven run java (pid 4242)}; empty when it is not. */
    public Optional<String> inUseBecause() {
        return Optional.ofNullable(keptBy);
    }

    /** Uncommitted work: changes and untracked files, litter ({@link #disposable()}) not included. */
    public List<String> uncommitted() {
        return uncommitted;
    }

    /** Untracked files the settings call litter: they neither make an orphan nor keep a lane from pruning. */
    public List<String> disposable() {
        return disposable;
    }

    /** Processes in the lane that do not keep it (a shell, an IDE, a dev server). */
    public List<Occupant> bystanders() {
        return bystanders;
    }

    /** How long no agent, build of ours or file change has been seen in the lane; zero while one is. */
    public Duration idle() {
        return idle;
    }

    /**
     * New ({@link LaneStage#NEW}: no commits of its own, nothing uncommitted, never landed) and unused
     * for less than the new-lane grace ({@link LaneUse#NEW_LANE_GRACE}) since it was made or last
     * showed a sign of work: kept for the agent about to work in it, whichever agent that is.
     */
    public boolean keptAsNew() {
        return stage == LaneStage.NEW && unused.compareTo(newLaneGrace) < 0;
    }

    /**
     * What prune would take now ({@link LanePruner}): all on the integration branch, nothing
     * uncommitted, not in use, and not a new lane within its grace.
     */
    public boolean prunable() {
        return allOnIntegration() && uncommitted.isEmpty() && !live() && !keptAsNew();
    }

    /** How long a new lane has been unused: since it was made or last showed a sign of work, whichever is later. */
    public Duration unused() {
        return unused;
    }

    /** How much longer a new lane is kept unused ({@link #keptAsNew}); zero once it is not. */
    public Duration keptAsNewFor() {
        return keptAsNew() ? newLaneGrace.minus(unused) : Duration.ZERO;
    }

    public int port() {
        return port;
    }

    /** The named ports ({@code queuelock.lanes.ports}) the lane holds, by name, lowest first; none before its first build asks. */
    public Map<String, Integer> namedPorts() {
        return namedPorts;
    }

    /** {@code 8081}, or with named ports {@code 8081 http=20000 db=20001}: as status and watch say a lane's ports. */
    public String ports() {
        StringBuilder text = new StringBuilder(String.valueOf(port));
        namedPorts.forEach((name, p) -> text.append(' ').append(name).append('=').append(p));
        return text.toString();
    }

    /**
     * Work that is nowhere else (unlanded commits or uncommitted changes) and nobody on it for
     * longer than the grace period ({@link LaneUse#orphanGrace}): not an agent between two commands.
     */
    public boolean orphaned() {
        return !live() && (ahead != 0 || !uncommitted.isEmpty()) && idle.compareTo(grace) >= 0;
    }

    static String names(List<Occupant> processes) {
        return processes.stream().map(Occupant::toString).collect(Collectors.joining(", "));
    }

    /** One line for status: number, branch, ahead/behind, stage, live, port. */
    public String describe() {
        return "lane " + lane.number() + "  " + lane.branch().orElse("(detached)")
                + "  " + (ahead < 0 ? "?" : "+" + ahead) + "/" + (behind < 0 ? "?" : "-" + behind)
                + "  " + stage.word()
                + "  " + (live() ? "in use (" + keptBy + ")" : "idle " + Durations.format(idle))
                + (!live() && keptAsNew() ? " (kept as new " + Durations.format(keptAsNewFor()) + " more)" : "")
                + (bystanders.isEmpty() ? "" : " (also there: " + names(bystanders) + ")")
                + (uncommitted.isEmpty() ? "" : "  " + uncommitted.size() + " uncommitted")
                + "  port " + ports()
                + (orphaned() ? "  ORPHANED: work nobody is on; ask its owner, never delete it unseen" : "");
    }

    /** Who was seen in the lane, and for how long nobody was. */
    private static final class Activity {
        final String keptBy;
        final List<Occupant> bystanders;
        final Duration idle;
        final Duration grace;
        final Duration unused;
        final Duration newLaneGrace;

        Activity(String keptBy, List<Occupant> bystanders, Duration idle, Duration grace, Duration unused, Duration newLaneGrace) {
            this.keptBy = keptBy;
            this.bystanders = List.copyOf(bystanders);
            this.idle = idle;
            this.grace = grace;
            this.unused = unused;
            this.newLaneGrace = newLaneGrace;
        }
    }
}
