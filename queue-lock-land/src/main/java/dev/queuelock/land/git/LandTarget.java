package dev.queuelock.land.git;

import dev.queuelock.config.Setting;
import dev.queuelock.config.SettingGroup;
import dev.queuelock.process.GitCommand;
import dev.queuelock.repository.IntegrationBranch;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Where lanes land: the remote, the integration branch and the further branches nobody pushes to
 * by hand. What {@code land} needs beside how it lands (the land settings), and all that
 * {@code init}, {@code status}, {@code prune}, {@code promote} and {@code sync} need of it.
 */
public final class LandTarget {

    /** This class's settings, in the order the docs list them (declared first: the settings below join it). */
    public static final SettingGroup SETTINGS = new SettingGroup();

    private static final String READ_BY = "land, init, sync, prune, promote, status";

    /** Declared where the affected build reads them too ({@link IntegrationBranch}); listed here with land's. */
    public static final Setting<String> REMOTE = SETTINGS.add(IntegrationBranch.REMOTE);
    public static final Setting<String> INTEGRATION_BRANCH = SETTINGS.add(IntegrationBranch.CONFIGURED);
    public static final Setting<List<String>> PROTECTED_BRANCHES = SETTINGS.add(Setting.list("queuelock.land.protectedBranches", READ_BY,
            "Further branches land refuses to run from and nobody may push to by hand, e.g. release; the pre-push "
                    + "guard reads it from .mvn/maven.config at every push, so one added later is guarded at once.").formerly("queuelock.protectedBranches"));
    /** Listed with the lane settings ({@code LaneSettings}, which promote and init read); declared here, where the guard reads it too. */
    public static final Setting<String> PRODUCTION_BRANCH = Setting.text("queuelock.promote.productionBranch", null,
            "none (the integration branch is production)", "promote, init",
            "The branch queuelock:promote fast-forwards to the integration branch (creating it on the remote if "
                    + "missing); the pre-push guard refuses direct pushes to it too.").formerly("queuelock.productionBranch");

    private final String remote;
    private final String integrationBranch;
    private final List<String> protectedBranches;
    private IntegrationBranch resolved;

    /**
     * @param integrationBranch null or blank to choose one as {@link IntegrationBranch} says
     * @param protectedBranches null for none
     */
    public LandTarget(String remote, String integrationBranch, List<String> protectedBranches) {
        this.remote = Objects.requireNonNull(remote, "remote");
        this.integrationBranch = integrationBranch == null || integrationBranch.isBlank() ? null : integrationBranch.trim();
        this.protectedBranches = protectedBranches == null ? List.of() : List.copyOf(protectedBranches);
    }

    /** Origin, its default branch, nothing else protected. */
    public static LandTarget defaults() {
        return new LandTarget(REMOTE.parse(null), null, List.of());
    }

    public String remote() {
        return remote;
    }

    /** The branches land refuses to run from besides the integration branch. */
    public List<String> protectedBranches() {
        return protectedBranches;
    }

    /** The integration branch: see {@link IntegrationBranch} for how it is chosen when not configured. */
    public String integrationBranch(Git git) {
        return integration(git).name();
    }

    /** The integration branch and how it was chosen; asked once per target (it may ask the remote). */
    public synchronized IntegrationBranch integration(Git git) {
        if (resolved == null) {
            resolved = IntegrationBranch.asked(GitCommand.in(git.worktree()), RepoContext.commonDir(git.worktree()), remote, integrationBranch);
        }
        return resolved;
    }

    /**
     * The integration branch as a look needs it (status, watch): the remote's answer as last
     * recorded, the remote asked (and the answer recorded) only when none is, as a build does
     * ({@link IntegrationBranch#known}); every landing asks the remote and records it again.
     */
    public IntegrationBranch knownIntegration(Git git) {
        return IntegrationBranch.known(GitCommand.in(git.worktree()), RepoContext.commonDir(git.worktree()), remote, integrationBranch);
    }

    /** The integration branch and the protected ones: where nobody pushes by hand. */
    public List<String> guardedBranches(Git git) {
        List<String> guarded = new ArrayList<>(List.of(integrationBranch(git)));
        protectedBranches.stream().filter(b -> !guarded.contains(b)).forEach(guarded::add);
        return guarded;
    }
}
