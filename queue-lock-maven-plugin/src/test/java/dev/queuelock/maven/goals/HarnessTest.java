package dev.queuelock.maven.goals;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.queuelock.config.Setting;
import dev.queuelock.testsupport.GitFixture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import javax.inject.Inject;
import org.apache.maven.api.plugin.testing.MojoExtension;
import org.apache.maven.api.plugin.testing.MojoTest;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.Mojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * A goal configured by maven-plugin-testing-harness from its plugin.xml, as Maven would configure
 * it, in a session whose top directory is an empty temp dir (no git there unless a test makes it).
 */
@MojoTest
abstract class HarnessTest {

    /** Refusals of the lane settings every lane goal (and init, land, status) reads, as the user sees them. */
    static final String BAD_PORT_BASE = "queuelock.lanes.portBase must be a whole number from 1 to 65435, not 'abc'";
    static final String BAD_AUTO_LAND = "queuelock.lanes.autoLand must be true or false, not 'maybe'";
    static final String BAD_ORPHAN_GRACE = "queuelock.lanes.orphanGrace must be a duration such as 200ms, 30s, 5m or 1h, more than"
            + " zero, not 'soon'";
    static final String BAD_BRANCH_PREFIX = "queuelock.lanes.branchPrefix must be letters, digits and . _ / - (not starting with - or"
            + " containing ..), not '-lane'";
    static final String BAD_WORKTREE_SUFFIX = "queuelock.lanes.worktreeSuffix must be letters, digits and . _ - (not only digits,"
            + " no /), not 'lanes/'";

    /** The harness's session: -D user properties go into {@code session.getUserProperties()}. */
    @Inject
    MavenSession session;

    /** The top directory of the invocation. */
    @TempDir
    Path top;

    @BeforeEach
    void invokedInTop() {
        session.getRequest().setMultiModuleProjectDirectory(top.toFile());
    }

    /** {@code -Dkey=value}, as the goal will see it when it runs. */
    void given(String key, String value) {
        session.getUserProperties().setProperty(key, value);
    }

    /** The top directory becomes the main checkout of a real repository with a bare remote beside it. */
    GitFixture repository() throws IOException {
        GitFixture repo = new GitFixture(top);
        session.getRequest().setMultiModuleProjectDirectory(repo.main.toFile());
        return repo;
    }

    /** The goal refuses with exactly {@code message}, having written nothing in the top directory. */
    void assertRefused(Mojo mojo, String message) throws IOException {
        assertThatThrownBy(mojo::execute).isInstanceOf(MojoExecutionException.class).hasMessage(message);
        try (Stream<Path> written = Files.list(top)) {
            assertThat(written).as("files the refused goal left in %s", top).isEmpty();
        }
    }
}
