package dev.queuelock.maven.extension.reuse;

import dev.queuelock.build.reuse.ReuseStore;
import dev.queuelock.build.localrepo.LocalRepositoryParts;
import dev.queuelock.build.localrepo.ResolverProperties;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.maven.artifact.Artifact;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.project.MavenProject;
import org.eclipse.aether.DefaultRepositorySystemSession;
import org.eclipse.aether.RepositorySystem;
import org.eclipse.aether.artifact.DefaultArtifact;
import org.eclipse.aether.installation.InstallRequest;
import org.eclipse.aether.installation.InstallationException;

/**
 * A module's outputs between the build and the store: what a build made (its packaged artifact,
 * those attached to it, its POM), and a stored module installed into the build's own part of the
 * local repository, where Maven resolves it as it resolves any module built before. Only a build
 * with a part of its own (a lane, a land check, on a resolver that keeps parts apart) is given
 * stored outputs: what it installs, no other build resolves.
 */
final class StoredOutputs {

    /** Maven 4 resolves a reactor module it does not build from here first (its own earlier builds'). */
    private static final String PROJECT_LOCAL_REPO = "target/project-local-repo";

    private StoredOutputs() {
    }

    /** The build's own part of the local repository, or null if it installs where other builds resolve. */
    static String ownPart(MavenSession session) {
        Map<String, Object> config = session.getRepositorySession().getConfigProperties();
        for (String lrm : new String[] {ResolverProperties.LRM_2, ResolverProperties.LRM_1_9}) {
            String prefix = String.valueOf(config.get(lrm + ResolverProperties.LOCAL_PREFIX));
            if (prefix.startsWith(LocalRepositoryParts.DIRECTORY + "/") && "true".equals(String.valueOf(config.get(lrm + ResolverProperties.SPLIT)))) {
                return prefix;
            }
        }
        return null;
    }

    /** What {@code project} made: its packaged file, the files attached to it, its POM; empty if it made no package. */
    static List<ReuseStore.Output> of(MavenProject project) {
        List<ReuseStore.Output> outputs = new ArrayList<>();
        Artifact main = project.getArtifact();
        if (main.getFile() == null || !main.getFile().isFile()) {
            return outputs;
        }
        outputs.add(new ReuseStore.Output("", main.getArtifactHandler().getExtension(), main.getFile().toPath()));
        for (Artifact attached : project.getAttachedArtifacts()) {
            if (attached.getFile() != null && attached.getFile().isFile()) {
                String classifier = attached.getClassifier() == null ? "" : attached.getClassifier();
                outputs.add(new ReuseStore.Output(classifier, attached.getArtifactHandler().getExtension(), attached.getFile().toPath()));
            }
        }
        outputs.add(new ReuseStore.Output("", "pom", project.getFile().toPath()));
        return outputs;
    }

    /** Installs {@code entry}'s files as {@code project}'s into the session's local repository (its own part). */
    static void install(RepositorySystem system, MavenSession session, MavenProject project, ReuseStore.Entry entry) throws IOException {
        InstallRequest request = new InstallRequest();
        for (ReuseStore.Output output : entry.outputs()) {
            request.addArtifact(new DefaultArtifact(project.getGroupId(), project.getArtifactId(), output.classifier(), output.extension(),
                    project.getVersion()).setFile(output.file().toFile()));
        }
        try {
            // Without Maven's listener, which would log two lines a file: the affected line says it once.
            DefaultRepositorySystemSession quiet = new DefaultRepositorySystemSession(session.getRepositorySession());
            quiet.setRepositoryListener(null);
            system.install(quiet, request);
        } catch (InstallationException e) {
            throw new IOException(e.getMessage(), e);
        }
        forgetEarlierBuild(session, project);
    }

    /** Maven 4 would take this worktree's own earlier build of the module over the local repository: that one goes. */
    private static void forgetEarlierBuild(MavenSession session, MavenProject project) throws IOException {
        File root = session.getRequest().getMultiModuleProjectDirectory();
        if (root == null) {
            return;
        }
        Path earlier = root.toPath().resolve(PROJECT_LOCAL_REPO).resolve(project.getGroupId()).resolve(project.getArtifactId())
                .resolve(project.getVersion());
        if (!Files.exists(earlier)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(earlier)) {
            for (Path p : (Iterable<Path>) walk.sorted(Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(p);
            }
        }
    }
}
