package dev.queuelock.maven.goals;

import dev.queuelock.config.Setting;
import dev.queuelock.file.FileBackend;
import dev.queuelock.spi.Queue;
import java.io.File;
import java.net.MalformedURLException;
import java.net.URL;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.maven.artifact.Artifact;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.descriptor.PluginDescriptor;
import org.apache.maven.project.MavenProject;
import org.codehaus.plexus.classworlds.realm.ClassRealm;
import org.codehaus.plexus.component.repository.exception.ComponentLookupException;
import org.eclipse.aether.RepositorySystem;
import org.eclipse.aether.artifact.DefaultArtifact;
import org.eclipse.aether.collection.CollectRequest;
import org.eclipse.aether.graph.Dependency;
import org.eclipse.aether.repository.RemoteRepository;
import org.eclipse.aether.resolution.ArtifactResult;
import org.eclipse.aether.resolution.DependencyRequest;
import org.eclipse.aether.resolution.DependencyResolutionException;

/**
 * The libraries of the queue backends that are not the file backend (Curator, ZooKeeper's client,
 * Netty, Guava...), added to this plugin's realm when a queue of the session runs on one, and only
 * then. The plugin's POM leaves them out of its dependencies: Maven reads every POM of a plugin's
 * dependency tree before any goal runs, and theirs were a third of what a {@code queuelock:status}
 * cost beyond a plain build (issue 54). {@code queue-lock-zookeeper} itself stays in the realm (its
 * settings are listed with every key), its own dependencies are resolved here, as Maven resolves a
 * plugin's, from the same repositories.
 */
final class BackendLibraries {

    /** The backends whose classes the plugin carries, by the artifact that brings their libraries. */
    private static final Map<String, String> ARTIFACTS = Map.of("zookeeper", "dev.queuelock:queue-lock-zookeeper");

    private BackendLibraries() {
    }

    /**
     * Adds to the plugin's realm what the backends of this session's queues need, if any queue runs
     * on one the plugin carries; nothing for the file backend.
     *
     * @throws MojoExecutionException the libraries could not be resolved (offline, say), saying so in one line
     */
    static void addIfChosen(MavenSession session, Map<?, ?> pluginContext) throws MojoExecutionException {
        for (String backend : chosen(session.getUserProperties())) {
            String key = ARTIFACTS.get(backend);
            // Maven hands every goal its plugin's descriptor here; looked up only now, so a goal on files needs neither.
            Object plugin = pluginContext == null ? null : pluginContext.get("pluginDescriptor");
            Artifact artifact = key == null || !(plugin instanceof PluginDescriptor) ? null
                    : ((PluginDescriptor) plugin).getArtifactMap().get(key);
            if (artifact != null) {
                add(((PluginDescriptor) plugin).getClassRealm(), resolve(artifact, backend, session));
            }
        }
    }

    /** The backends other than the file backend that the build and land queues run on, as the factory chooses them. */
    static List<String> chosen(Properties userProperties) {
        Map<String, String> settings = new HashMap<>();
        for (String name : userProperties.stringPropertyNames()) {
            if (name.startsWith(Setting.PREFIX)) {
                settings.put(name, userProperties.getProperty(name));
            }
        }
        List<String> chosen = new ArrayList<>();
        for (String queue : List.of(Queue.BUILD, Queue.LAND)) {
            String name = Queue.backendName(queue, settings);
            if (!name.equals(FileBackend.NAME) && !chosen.contains(name)) {
                chosen.add(name);
            }
        }
        return chosen;
    }

    private static List<File> resolve(Artifact backend, String name, MavenSession session) throws MojoExecutionException {
        MavenProject project = session.getCurrentProject();
        List<RemoteRepository> remotes = project == null ? List.of() : project.getRemotePluginRepositories();
        CollectRequest collect = new CollectRequest(new Dependency(new DefaultArtifact(backend.getGroupId(),
                backend.getArtifactId(), "jar", backend.getVersion()), "runtime"), remotes);
        try {
            RepositorySystem repositories = session.getContainer().lookup(RepositorySystem.class);
            List<File> files = new ArrayList<>();
            for (ArtifactResult result : repositories.resolveDependencies(session.getRepositorySession(),
                    new DependencyRequest(collect, null)).getArtifactResults()) {
                // Ours are in the realm already (core through the extension): a second copy would be another class.
                if (!result.getArtifact().getGroupId().equals(backend.getGroupId())) {
                    files.add(result.getArtifact().getFile());
                }
            }
            return files;
        } catch (ComponentLookupException e) {
            throw new MojoExecutionException("this Maven gives plugins no repository system to resolve the " + name
                    + " backend's libraries with (" + e.getMessage() + "); choose the file backend.", e);
        } catch (DependencyResolutionException e) {
            throw new MojoExecutionException("the " + name + " backend needs the libraries " + backend.getArtifactId()
                    + " depends on, which Maven could not resolve (" + e.getMessage() + "); run once with the network"
                    + " (not -o) or choose the file backend.", e);
        }
    }

    private static void add(ClassRealm realm, List<File> jars) throws MojoExecutionException {
        List<URL> present = Arrays.asList(realm.getURLs()); // a realm kept between builds (mvnd) has them already
        for (File jar : jars) {
            try {
                URL url = jar.toURI().toURL();
                if (!present.contains(url)) {
                    realm.addURL(url);
                }
            } catch (MalformedURLException e) {
                throw new MojoExecutionException("cannot use " + jar + " as a library: " + e.getMessage(), e);
            }
        }
    }
}
