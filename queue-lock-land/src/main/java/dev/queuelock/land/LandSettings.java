package dev.queuelock.land;

import dev.queuelock.config.Settings;
import dev.queuelock.process.GitCommand;
import java.util.List;
import java.util.Objects;

/** What to land where: the knobs of {@code land}, with the defaults of the issue and the npm tool. */
public final class LandSettings {

    public static final String DEFAULT_REMOTE = Settings.LAND_REMOTE.parse(null);
    public static final int DEFAULT_PUSH_RETRIES = Settings.LAND_PUSH_RETRIES.parse(null);

    final String remote;
    final String integrationBranch;
    final List<String> protectedBranches;
    final List<String> regenerableFiles;
    final int pushRetries;
    final boolean sync;

    /**
     * @param integrationBranch null to use the remote's HEAD branch, else {@code main}
     */
    public LandSettings(String remote, String integrationBranch, List<String> protectedBranches,
                        List<String> regenerableFiles, int pushRetries, boolean sync) {
        this.remote = Objects.requireNonNull(remote, "remote");
        this.integrationBranch = integrationBranch;
        this.protectedBranches = List.copyOf(protectedBranches);
        this.regenerableFiles = List.copyOf(regenerableFiles);
        if (pushRetries < 0) {
            throw new IllegalArgumentException("pushRetries must be 0 or more: " + pushRetries);
        }
        this.pushRetries = pushRetries;
        this.sync = sync;
    }

    public String remote() {
        return remote;
    }

    public int pushRetries() {
        return pushRetries;
    }

    /** The configured integration branch, else the remote's HEAD branch, else {@code main}. */
    public String integrationBranch(Git git) {
        if (integrationBranch != null) {
            return integrationBranch;
        }
        GitCommand.Result head = git.run("symbolic-ref", "--quiet", "--short", "refs/remotes/" + remote + "/HEAD");
        String prefix = remote + "/";
        return head.ok() && head.out.strip().startsWith(prefix) ? head.out.strip().substring(prefix.length()) : "main";
    }

    /** The integration branch and the protected ones: where nobody pushes by hand. */
    public List<String> guardedBranches(Git git) {
        List<String> guarded = new java.util.ArrayList<>(List.of(integrationBranch(git)));
        protectedBranches.stream().filter(b -> !guarded.contains(b)).forEach(guarded::add);
        return guarded;
    }

    public static LandSettings defaults() {
        return new LandSettings(DEFAULT_REMOTE, null, List.of(), List.of(), DEFAULT_PUSH_RETRIES, Settings.LAND_SYNC.parse(null));
    }
}
