package dev.queuelock.maven.goals;

import dev.queuelock.land.Git;
import dev.queuelock.land.LandException;
import dev.queuelock.land.LandSettings;
import dev.queuelock.land.PushGuard;
import dev.queuelock.maven.init.ExtensionsXml;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
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
public class InitMojo extends BranchesMojo {

    /** The core extension's artifact, released with this plugin under the same group and version. */
    static final String EXTENSION_ARTIFACT_ID = "queue-lock-maven-extension";

    @Parameter(defaultValue = "${plugin}", readonly = true, required = true)
    private PluginDescriptor plugin;

    @Override
    public void execute() throws MojoExecutionException {
        Path dir = topDirectory();
        Git git = new Git(dir);
        try {
            // Check first, write after: outside git, init would leave an extensions.xml behind and then fail.
            if (!git.run("rev-parse", "--git-dir").ok()) {
                throw new MojoExecutionException(dir + " is not in a git repository; run init in your clone"
                        + " (or git init first). Nothing was written.");
            }
            ExtensionsXml.Change change = new ExtensionsXml(plugin.getGroupId(), EXTENSION_ARTIFACT_ID, plugin.getVersion())
                    .ensure(dir);
            getLog().info(".mvn/extensions.xml: " + describe(change));
            List<String> guarded = landSettings(List.of(), LandSettings.DEFAULT_PUSH_RETRIES, true).guardedBranches(git);
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
            case UPGRADED:
                return "the old queue-lock-maven-plugin entry now lists " + EXTENSION_ARTIFACT_ID + ", everything else kept";
            default:
                return "already lists the queue-lock extension; unchanged";
        }
    }
}
