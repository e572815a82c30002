package dev.queuelock.maven.extension.reuse;

import dev.queuelock.build.reuse.ReuseStore;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.artifact.Artifact;
import org.apache.maven.project.MavenProject;

/**
 * What a build made that the store keeps for another build to reuse: a module's packaged artifact,
 * those attached to it (a test-jar, sources), its POM. Another build resolves them from the store
 * itself ({@link StoredModules}), never from a local repository.
 */
final class StoredOutputs {

    private StoredOutputs() {
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
}
