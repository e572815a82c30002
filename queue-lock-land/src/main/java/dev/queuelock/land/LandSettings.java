package dev.queuelock.land;

import dev.queuelock.config.Settings;
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
    private IntegrationBranch resolved;

    /**
     * @param integrationBranch null to choose one as {@link IntegrationBranch} says
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

    /** The integration branch: see {@link IntegrationBranch} for how it is chosen when not configured. */
    public String integrationBranch(Git git) {
        return integration(git).name();
    }

    /** The integration branch and how it was chosen; asked once per settings (it may ask the remote). */
    public synchronized IntegrationBranch integration(Git git) {
        if (resolved == null) {
            resolved = IntegrationBranch.resolve(git, remote, integrationBranch);
        }
        return resolved;
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
