package dev.queuelock.maven.goals;

import dev.queuelock.land.LandSettings;
import java.io.File;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugins.annotations.Parameter;

/** What {@code land} and {@code init} both need to know: the remote and which branches are guarded. */
abstract class BranchesMojo extends AbstractMojo {

    /**
     * The remote to fetch from and push to.
     *
     * @since 0.1.0
     */
    @Parameter(property = LandSettings.REMOTE, defaultValue = "origin")
    private String remote;

    /**
     * The branch lanes land on and the pre-push guard protects.
     *
     * @since 0.1.0
     */
    @Parameter(property = LandSettings.INTEGRATION_BRANCH)
    private String integrationBranch;

    /**
     * Further branches land refuses to run from and nobody may push to by hand, e.g. release; the pre-push
     * guard reads it from .mvn/maven.config at every push, so one added later is guarded at once.
     *
     * @since 0.1.0
     */
    @Parameter(property = LandSettings.PROTECTED_BRANCHES)
    private List<String> protectedBranches;

    @Parameter(defaultValue = "${session}", readonly = true, required = true)
    private MavenSession session;

    MavenSession session() {
        return session;
    }

    /** The top directory of this Maven invocation: the lane's worktree. */
    Path topDirectory() {
        File top = session.getRequest().getMultiModuleProjectDirectory();
        return (top != null ? top : new File(".")).toPath().toAbsolutePath();
    }

    LandSettings landSettings(List<String> regenerableFiles, int pushRetries, boolean sync) {
        String integration = integrationBranch == null || integrationBranch.isBlank() ? null : integrationBranch.trim();
        return new LandSettings(remote, integration, protectedBranches == null ? List.of() : protectedBranches,
                regenerableFiles == null ? List.of() : regenerableFiles, pushRetries, sync);
    }
}
