package dev.queuelock.land.git;

import dev.queuelock.process.GitCommand;
import static dev.queuelock.testsupport.GitFixture.commit;
import static dev.queuelock.testsupport.GitFixture.git;
import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.testsupport.GitFixture;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The pre-push guard, exercised by real pushes to a bare remote. */
@Timeout(60)
class PushGuardTest {

    @TempDir
    Path tmp;

    GitFixture repo;
    Path lane;

    @BeforeEach
    void setUp() throws IOException {
        repo = new GitFixture(tmp);
        lane = repo.lane("lane");
        commit(lane, "l.txt", "l\n", "lane work");
    }

    @Test
    void blocksADirectPushButLetsLandAndTheEmergencyHatchThrough() throws Exception {
        PushGuard.install(new Git(lane), List.of("main", "release"));

        GitCommand.Result direct = push("HEAD:main");
        assertThat(direct.ok()).isFalse();
        assertThat(direct.err).contains("direct push to 'main' refused").contains("'mvn queuelock:land'");
        assertThat(push("HEAD:refs/heads/lane").ok()).as("lane branches push freely").isTrue();

        assertThat(push(Map.of("QUEUELOCK_EMERGENCY_PUSH", "1"), "HEAD:release").ok()).isTrue();
        assertThat(push(Map.of(Git.LANDING_ENV, "1"), "HEAD:main").ok()).isTrue();
    }

    /** The message names the files this push changes, not every file init may write (AGENTS.md where there is none). */
    @Test
    void aPushOfOnlyInitsFilesIsAllowedAndTheMessageNamesTheFilesItChanges() throws Exception {
        PushGuard.install(new Git(lane), List.of("main"), List.of(".mvn/extensions.xml", "CLAUDE.md", "AGENTS.md", ".claude/settings.json"));
        git(lane, "fetch", "origin", "main");
        git(lane, "switch", "--quiet", "-c", "setup", "origin/main");
        commit(lane, "CLAUDE.md", "instructions\n", "init's instructions");
        commit(lane, ".mvn/extensions.xml", "<extensions/>\n", "init's extension");

        GitCommand.Result setup = push("HEAD:main");

        assertThat(setup.ok()).as(setup.err).isTrue();
        assertThat(setup.err).contains("push to 'main' allowed: it changes only queue-lock's own set-up (.mvn/extensions.xml CLAUDE.md)")
                .doesNotContain("AGENTS.md").doesNotContain("settings.json");
    }

    @Test
    void inARepositoryBuiltWithTheWrapperTheRefusalNamesIt() throws Exception {
        PushGuard.install(new Git(lane), List.of("main"));
        Files.writeString(lane.resolve("mvnw"), "#!/bin/sh\n"); // only its presence counts; never run
        GitCommand.Result direct = push("HEAD:main");
        assertThat(direct.ok()).isFalse();
        assertThat(direct.err).contains("land it through the queue with './mvnw queuelock:land'");
    }

    @Test
    void branchesProtectedInMavenConfigAfterInstallAreGuardedAtTheNextPush() throws Exception {
        PushGuard.install(new Git(lane), List.of("main"));
        assertThat(push("HEAD:refs/heads/release").ok()).as("not protected yet").isTrue();
        commit(lane, "more.txt", "more\n", "more lane work");

        // The lane's own config, as Maven there reads it: -Dkey=value, the last one wins.
        Files.createDirectories(lane.resolve(".mvn"));
        Files.writeString(lane.resolve(".mvn/maven.config"), "-Dqueuelock.land.protectedBranches=old\n"
                + "-Dqueuelock.land.protectedBranches=release,hotfix -Dqueuelock.build.pollMillis=100\r\n");
        GitCommand.Result release = push("HEAD:refs/heads/release");
        assertThat(release.ok()).isFalse();
        assertThat(release.err).contains("direct push to 'release' refused");
        assertThat(push("HEAD:refs/heads/hotfix").ok()).isFalse();
        assertThat(push("HEAD:refs/heads/old").ok()).as("overridden in the file").isTrue();

        // The main checkout's config counts too, in Maven's other spelling, quoted.
        Files.createDirectories(repo.main.resolve(".mvn"));
        Files.writeString(repo.main.resolve(".mvn/maven.config"), "-D \"queuelock.promote.productionBranch=prod\"\n");
        GitCommand.Result prod = push("HEAD:refs/heads/prod");
        assertThat(prod.ok()).isFalse();
        assertThat(prod.err).contains("direct push to 'prod' refused");
        assertThat(push("HEAD:refs/heads/lane").ok()).as("lane branches push freely").isTrue();
        assertThat(push("HEAD:main").ok()).as("init's list still guarded").isFalse();
    }

    @Test
    void keepsAndChainsAnExistingHookAndInstallingTwiceChangesNothing() throws Exception {
        Path hooks = Path.of(git(lane, "rev-parse", "--path-format=absolute", "--git-path", "hooks"));
        Files.createDirectories(hooks);
        Path ran = tmp.resolve("existing-hook-ran");
        Path existing = hooks.resolve("pre-push");
        Files.writeString(existing, "#!/bin/sh\ncat > '" + ran + "'\necho \"$1\" >> '" + ran + "'\n");
        Files.setPosixFilePermissions(existing, PosixFilePermissions.fromString("rwxr-xr-x"));

        Path hook = PushGuard.install(new Git(lane), List.of("main"));
        byte[] first = Files.readAllBytes(hook);
        PushGuard.install(new Git(lane), List.of("main"));
        assertThat(Files.readAllBytes(hook)).isEqualTo(first);
        try (var names = Files.list(hooks)) {
            List<String> list = new ArrayList<>();
            names.forEach(p -> list.add(p.getFileName().toString()));
            assertThat(list).filteredOn(n -> n.startsWith("pre-push") && !n.endsWith(".sample")).containsExactlyInAnyOrder("pre-push", PushGuard.CHAINED);
        }

        assertThat(push("HEAD:refs/heads/lane").ok()).isTrue();
        assertThat(new String(Files.readAllBytes(ran), StandardCharsets.UTF_8))
                .as("the chained hook saw git's input and arguments").contains("refs/heads/lane").contains("origin");
    }

    @Test
    void honoursCoreHooksPath() throws Exception {
        Path custom = tmp.resolve("custom-hooks");
        git(lane, "config", "core.hooksPath", custom.toString());

        PushGuard.install(new Git(lane), List.of("main"));

        assertThat(custom.resolve("pre-push")).exists();
        assertThat(push("HEAD:main").ok()).isFalse();
    }

    /** A push from the lane as a user makes it (hooks and all), with these variables set. */
    private GitCommand.Result push(Map<String, String> env, String refspec) throws Exception {
        return GitCommand.in(lane).withEnvironment(env).run("push", "origin", refspec);
    }

    private GitCommand.Result push(String refspec) throws Exception {
        return push(Map.of(), refspec);
    }
}
