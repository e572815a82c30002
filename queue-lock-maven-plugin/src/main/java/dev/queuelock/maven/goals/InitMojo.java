package dev.queuelock.maven.goals;

import dev.queuelock.land.Git;
import dev.queuelock.land.LandException;
import dev.queuelock.land.LandSettings;
import dev.queuelock.land.PushGuard;
import dev.queuelock.maven.init.ExtensionsXml;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.descriptor.PluginDescriptor;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Sets a repository up for queue-lock: lists the extension in {@code .mvn/extensions.xml}
 * (creating or merging, keeping what is there) and installs the pre-push guard that sends direct
 * pushes to the integration branch through {@code queuelock:land}. Running it twice changes nothing.
 *
 * @since 0.1.0
 */
@Mojo(name = "init", requiresProject = false, aggregator = true, threadSafe = true)
public class InitMojo extends AbstractMojo {

    /**
     * The remote whose HEAD branch is the integration branch when none is given.
     *
     * @since 0.1.0
     */
    @Parameter(property = "queuelock.remote", defaultValue = LandSettings.DEFAULT_REMOTE)
    private String remote;

    /**
     * The branch the guard protects (besides {@link #protectedBranches}); by default the remote's
     * HEAD branch, else {@code main}.
     *
     * @since 0.1.0
     */
    @Parameter(property = "queuelock.integrationBranch")
    private String integrationBranch;

    /**
     * Further branches nobody may push to by hand (comma-separated).
     *
     * @since 0.1.0
     */
    @Parameter(property = "queuelock.protectedBranches")
    private List<String> protectedBranches;

    @Parameter(defaultValue = "${session}", readonly = true, required = true)
    private MavenSession session;

    @Parameter(defaultValue = "${plugin}", readonly = true, required = true)
    private PluginDescriptor plugin;

    @Override
    public void execute() throws MojoExecutionException {
        File top = session.getRequest().getMultiModuleProjectDirectory();
        Path dir = (top != null ? top : new File(".")).toPath().toAbsolutePath();
        try {
            ExtensionsXml.Change change = new ExtensionsXml(plugin.getGroupId(), plugin.getArtifactId(), plugin.getVersion())
                    .ensure(dir);
            getLog().info(".mvn/extensions.xml: " + describe(change));
            Git git = new Git(dir);
            LandSettings settings = new LandSettings(remote, integrationBranch == null || integrationBranch.isBlank()
                    ? null : integrationBranch.trim(), protectedBranches == null ? List.of() : protectedBranches, List.of(),
                    LandSettings.DEFAULT_PUSH_RETRIES, true);
            List<String> guarded = settings.guardedBranches(git);
            Path hook = PushGuard.install(git, guarded);
            getLog().info("pre-push guard in " + hook + " refuses direct pushes to " + String.join(", ", guarded)
                    + " (land with mvn queuelock:land; emergencies: QUEUELOCK_EMERGENCY_PUSH=1)");
        } catch (LandException | IllegalArgumentException e) {
            throw new MojoExecutionException(e.getMessage());
        } catch (IOException e) {
            throw new MojoExecutionException("init could not write in " + dir + ": " + e.getMessage());
        }
    }

    private static String describe(ExtensionsXml.Change change) {
        switch (change) {
            case CREATED:
                return "created with the queue-lock extension";
            case ADDED:
                return "queue-lock extension added, everything else kept";
            default:
                return "already lists the queue-lock extension; unchanged";
        }
    }
}
