package dev.queuelock.maven.extension.reuse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.build.reuse.ReuseRecord;
import dev.queuelock.build.reuse.ReuseStore;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.apache.maven.execution.DefaultMavenExecutionRequest;
import org.apache.maven.execution.DefaultMavenExecutionResult;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.internal.aether.MavenChainedWorkspaceReader;
import org.apache.maven.project.MavenProject;
import org.eclipse.aether.DefaultRepositorySystemSession;
import org.eclipse.aether.artifact.Artifact;
import org.eclipse.aether.artifact.DefaultArtifact;
import org.eclipse.aether.repository.WorkspaceReader;
import org.eclipse.aether.repository.WorkspaceRepository;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A reused module's files come from the store, for this session only, wherever Maven chains the
 * reader: after Maven 3's reactor reader (which answers a module it does not build with its POM
 * alone), or ahead of a Maven 4 chain whose readers can be set; where the chain would answer with
 * another file first, nothing is served.
 */
class StoredModulesTest {

    private static final Artifact JAR = new DefaultArtifact("shop", "core", "", "jar", "1.0-SNAPSHOT");
    private static final Artifact TESTS = new DefaultArtifact("shop", "core", "tests", "jar", "1.0-SNAPSHOT");
    private static final Artifact OTHER = new DefaultArtifact("shop", "a", "", "jar", "1.0-SNAPSHOT");

    @TempDir
    Path work;

    private DefaultRepositorySystemSession repositorySession;
    private MavenSession session;
    private MavenProject core;
    private ReuseStore.Entry stored;

    @BeforeEach
    void aStoredCoreAndASessionWithAnIdesReader() throws Exception {
        repositorySession = new DefaultRepositorySystemSession();
        repositorySession.setWorkspaceReader(answering("ide", work.resolve("ide.jar").toFile()));
        session = new MavenSession(null, repositorySession, new DefaultMavenExecutionRequest(), new DefaultMavenExecutionResult());
        core = new MavenProject();
        core.setGroupId("shop");
        core.setArtifactId("core");
        core.setVersion("1.0-SNAPSHOT");
        Path jar = Files.writeString(work.resolve("core-1.0-SNAPSHOT.jar"), "jar");
        Path tests = Files.writeString(work.resolve("core-1.0-SNAPSHOT-tests.jar"), "tests");
        Path pom = Files.writeString(work.resolve("pom.xml"), "<project/>");
        ReuseStore store = ReuseStore.in(work.resolve("reuse"));
        String key = "ab".repeat(32);
        store.put(key, new ReuseRecord("the main checkout", "3f2a1b9", Duration.ofSeconds(40), Instant.now(), false),
                List.of(new ReuseStore.Output("", "jar", jar), new ReuseStore.Output("tests", "jar", tests), new ReuseStore.Output("", "pom", pom)));
        stored = store.find(key).orElseThrow();
    }

    @Test
    void onMaven3TheSessionsReaderAnswersForTheReusedModuleAfterTheReactorsPomAndPassesTheRestOn() {
        StoredModules reader = StoredModules.join(session);
        assertThat(repositorySession.getWorkspaceReader()).isSameAs(reader);
        // What Maven 3 does next: its reactor reader first, then the session's own.
        repositorySession.setWorkspaceReader(MavenChainedWorkspaceReader.of(List.of(reactorAnsweringPomsOnly(), reader)));
        repositorySession.setReadOnly();

        assertThat(reader.serve(session, Map.of(core, stored))).isTrue();

        WorkspaceReader chain = repositorySession.getWorkspaceReader();
        assertThat(chain.findArtifact(JAR)).isEqualTo(stored.outputs().get(0).file().toFile());
        assertThat(chain.findArtifact(TESTS)).isEqualTo(stored.outputs().get(1).file().toFile());
        assertThat(chain.findArtifact(OTHER)).as("another module: the IDE's").isEqualTo(work.resolve("ide.jar").toFile());
        assertThat(chain.findVersions(JAR)).containsExactly("1.0-SNAPSHOT");
    }

    @Test
    void onMaven4ItGoesAheadOfTheReactorReaderThatWouldAnswerWithAnEarlierBuildsClasses() {
        MutableChain chain = new MutableChain();
        chain.setReaders(List.of(answering("reactor", work.resolve("core/target/classes").toFile())));
        DefaultRepositorySystemSession maven4 = new DefaultRepositorySystemSession();
        maven4.setWorkspaceReader(chain);
        maven4.setReadOnly();
        MavenSession session4 = new MavenSession(null, maven4, new DefaultMavenExecutionRequest(), new DefaultMavenExecutionResult());
        StoredModules reader = StoredModules.join(session4);

        assertThat(reader.serve(session4, Map.of(core, stored))).isTrue();

        assertThat(chain.getReaders().get(0)).isSameAs(reader);
        assertThat(chain.findArtifact(JAR)).isEqualTo(stored.outputs().get(0).file().toFile());
        assertThat(chain.findArtifact(OTHER)).isEqualTo(work.resolve("core/target/classes").toFile());
    }

    @Test
    void whereTheChainAnswersWithAnotherFileFirstNothingIsServed() {
        StoredModules reader = StoredModules.join(session);
        File earlier = work.resolve("core/target/classes").toFile();
        repositorySession.setWorkspaceReader(MavenChainedWorkspaceReader.of(List.of(answering("reactor", earlier), reader)));
        repositorySession.setReadOnly();

        assertThat(reader.serve(session, Map.of(core, stored))).isFalse();
        assertThat(reader.findArtifact(JAR)).as("served nothing: passes on to the IDE's").isEqualTo(work.resolve("ide.jar").toFile());
    }

    /** Maven 3's reactor reader for a module it does not build: its POM, nothing else. */
    private WorkspaceReader reactorAnsweringPomsOnly() {
        File pom = work.resolve("core/pom.xml").toFile();
        return new Answering("reactor", null) {
            @Override
            public File findArtifact(Artifact artifact) {
                return "pom".equals(artifact.getExtension()) ? pom : null;
            }
        };
    }

    private static WorkspaceReader answering(String name, File file) {
        return new Answering(name, file);
    }

    private static class Answering implements WorkspaceReader {
        private final WorkspaceRepository repository;
        private final File file;

        Answering(String name, File file) {
            this.repository = new WorkspaceRepository(name);
            this.file = file;
        }

        @Override
        public WorkspaceRepository getRepository() {
            return repository;
        }

        @Override
        public File findArtifact(Artifact artifact) {
            return file;
        }

        @Override
        public List<String> findVersions(Artifact artifact) {
            return findArtifact(artifact) == null ? List.of() : List.of(artifact.getVersion());
        }
    }

    /** As Maven 4's {@code MavenChainedWorkspaceReader}: readers asked in order, set at any time. */
    public static final class MutableChain implements WorkspaceReader {
        private List<WorkspaceReader> readers = List.of();

        public List<WorkspaceReader> getReaders() {
            return readers;
        }

        public void setReaders(Collection<WorkspaceReader> set) {
            readers = List.copyOf(set);
        }

        @Override
        public WorkspaceRepository getRepository() {
            return new WorkspaceRepository("chain");
        }

        @Override
        public File findArtifact(Artifact artifact) {
            for (WorkspaceReader reader : readers) {
                File file = reader.findArtifact(artifact);
                if (file != null) {
                    return file;
                }
            }
            return null;
        }

        @Override
        public List<String> findVersions(Artifact artifact) {
            List<String> versions = new ArrayList<>();
            readers.forEach(reader -> versions.addAll(reader.findVersions(artifact)));
            return versions;
        }
    }
}
