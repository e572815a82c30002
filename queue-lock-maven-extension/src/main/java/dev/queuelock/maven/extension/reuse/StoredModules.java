package dev.queuelock.maven.extension.reuse;

import dev.queuelock.build.reuse.ReuseStore;
import java.io.File;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.project.MavenProject;
import org.eclipse.aether.DefaultRepositorySystemSession;
import org.eclipse.aether.RepositorySystemSession;
import org.eclipse.aether.artifact.Artifact;
import org.eclipse.aether.artifact.DefaultArtifact;
import org.eclipse.aether.repository.WorkspaceReader;
import org.eclipse.aether.repository.WorkspaceRepository;

/**
 * The modules a build reuses, resolved from the store for this build alone: a workspace reader in
 * this session's chain that answers for those modules only (their jar, POM, test-jar and the rest
 * they attached) with the stored files, and for everything else passes on. Nothing is installed,
 * so no other build, lane or check ever resolves what this one reuses.
 *
 * <p>Where it sits, per Maven: on 3.8 to 3.10 the repository session is read-only once the
 * projects are read, so it joins at session start as the session's own reader, which Maven chains
 * right after its reactor reader; that reader answers nothing but the POM (the same file the key
 * covers) for a module this build does not run. Maven 4's reactor reader does answer for one (an
 * earlier build's {@code target/classes} or project-local-repo), so there it is put ahead of the reactor reader in
 * Maven's chain once the projects are read. Either way {@link #serve} asks the session's chain whether
 * the stored files are what it resolves, and where they are not, nothing is reused.
 */
public final class StoredModules implements WorkspaceReader {

    private static final WorkspaceRepository REPOSITORY = new WorkspaceRepository("queuelock-reuse");

    /** The session's reader before this one joined (an IDE's), asked for everything else; null if none. */
    private final WorkspaceReader next;
    /** {@code groupId:artifactId:version} to its stored files; replaced whole, read by the build's threads. */
    private volatile Map<String, List<ReuseStore.Output>> served = Map.of();

    private StoredModules(WorkspaceReader next) {
        this.next = next;
    }

    /**
     * At session start, while the repository session can still be changed (Maven 3): the session's
     * reader becomes this one, passing on to the one it had. On Maven 4 it stays out of the chain
     * until {@link #serve}.
     */
    public static StoredModules join(MavenSession session) {
        RepositorySystemSession repositorySession = session.getRepositorySession();
        if (repositorySession instanceof DefaultRepositorySystemSession) {
            DefaultRepositorySystemSession mutable = (DefaultRepositorySystemSession) repositorySession;
            StoredModules reader = new StoredModules(mutable.getWorkspaceReader());
            try {
                mutable.setWorkspaceReader(reader);
                return reader;
            } catch (IllegalStateException e) {
                // read-only already: serve() puts it in the chain where the Maven lets it, or reuses nothing
            }
        }
        return new StoredModules(null);
    }

    /**
     * Resolves {@code reused}'s modules from their stored files in this build.
     *
     * @return whether the session's chain now resolves each of them to its stored files; if not, it serves none
     */
    boolean serve(MavenSession session, Map<MavenProject, ReuseStore.Entry> reused) {
        Map<String, List<ReuseStore.Output>> outputs = new HashMap<>();
        reused.forEach((project, entry) -> outputs.put(gav(project.getGroupId(), project.getArtifactId(), project.getVersion()),
                entry.outputs()));
        served = Map.copyOf(outputs);
        if (resolvesThrough(session, reused) || leadChain(session) && resolvesThrough(session, reused)) {
            return true;
        }
        served = Map.of();
        return false;
    }

    /** Whether the session's chain resolves every stored file of {@code reused} to the store's copy. */
    private static boolean resolvesThrough(MavenSession session, Map<MavenProject, ReuseStore.Entry> reused) {
        WorkspaceReader chain = session.getRepositorySession().getWorkspaceReader();
        if (chain == null) {
            return false;
        }
        for (Map.Entry<MavenProject, ReuseStore.Entry> module : reused.entrySet()) {
            MavenProject project = module.getKey();
            for (ReuseStore.Output output : module.getValue().outputs()) {
                if ("pom".equals(output.extension())) {
                    continue; // the reactor's answer, the module's own POM, is the file its key covers
                }
                File found = chain.findArtifact(new DefaultArtifact(project.getGroupId(), project.getArtifactId(), output.classifier(),
                        output.extension(), project.getVersion()));
                if (found == null || !found.equals(output.file().toFile())) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * Maven 4: puts this reader first in Maven's chain ({@code MavenChainedWorkspaceReader}, whose
     * readers can be set after the projects are read). Asked by name: Maven 3 has no such methods.
     */
    private boolean leadChain(MavenSession session) {
        WorkspaceReader chain = session.getRepositorySession().getWorkspaceReader();
        if (chain == null) {
            return false;
        }
        try {
            Method getReaders = chain.getClass().getMethod("getReaders");
            Method setReaders = chain.getClass().getMethod("setReaders", Collection.class);
            List<WorkspaceReader> readers = new ArrayList<>();
            readers.add(this);
            for (Object reader : (Collection<?>) getReaders.invoke(chain)) {
                if (reader != this) {
                    readers.add((WorkspaceReader) reader);
                }
            }
            setReaders.invoke(chain, readers);
            return true;
        } catch (ReflectiveOperationException | ClassCastException e) {
            return false;
        }
    }

    @Override
    public WorkspaceRepository getRepository() {
        return REPOSITORY;
    }

    @Override
    public File findArtifact(Artifact artifact) {
        List<ReuseStore.Output> outputs = served.get(gav(artifact.getGroupId(), artifact.getArtifactId(), artifact.getVersion()));
        if (outputs != null) {
            for (ReuseStore.Output output : outputs) {
                if (output.classifier().equals(artifact.getClassifier()) && output.extension().equals(artifact.getExtension())) {
                    return output.file().toFile();
                }
            }
            return null; // a file the module did not make: no other reader's copy of it is this build's
        }
        return next == null ? null : next.findArtifact(artifact);
    }

    @Override
    public List<String> findVersions(Artifact artifact) {
        if (served.containsKey(gav(artifact.getGroupId(), artifact.getArtifactId(), artifact.getVersion()))) {
            return List.of(artifact.getVersion());
        }
        return next == null ? List.of() : next.findVersions(artifact);
    }

    private static String gav(String groupId, String artifactId, String version) {
        return groupId + ":" + artifactId + ":" + version;
    }
}
