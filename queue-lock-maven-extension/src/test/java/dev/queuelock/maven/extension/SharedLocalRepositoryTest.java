package dev.queuelock.maven.extension;

import static dev.queuelock.testsupport.TestGit.git;
import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.build.localrepo.LocalRepositoryParts;
import dev.queuelock.repo.RepoKey;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.apache.maven.execution.DefaultMavenExecutionRequest;
import org.apache.maven.execution.MavenExecutionRequest;
import org.apache.maven.model.Profile;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The request as SessionBoundarySpy receives it, before Maven makes the repository session from it. */
class SharedLocalRepositoryTest {

    @TempDir
    Path tmp;

    Path main;
    Path lane;

    @BeforeEach
    void repositoryWithALane() throws Exception {
        main = Files.createDirectories(tmp.resolve("shop"));
        git(main, "init", "-q");
        git(main, "-c", "user.name=t", "-c", "user.email=t@example.invalid", "commit", "-q", "--allow-empty", "-m", "start");
        lane = tmp.resolve("shop-lane-2");
        git(main, "worktree", "add", "-q", "--detach", lane.toString());
    }

    @Test
    void aLaneBuildGetsLocksAndItsPartAsSystemPropertiesLeavingUserPropertiesForTheCheckBuild() throws Exception {
        MavenExecutionRequest request = request(lane, "3.9.16", "install");

        SharedLocalRepository.apply(request);

        String part = LocalRepositoryParts.of(main.resolve(".git").toRealPath().toString()).lane("shop-lane-2").prefix();
        assertThat(request.getSystemProperties())
                .containsEntry("aether.syncContext.named.factory", "file-lock")
                .containsEntry("aether.syncContext.named.nameMapper", "file-gav")
                .containsEntry("aether.enhancedLocalRepository.split", "true")
                .containsEntry("aether.enhancedLocalRepository.localPrefix", part)
                .containsEntry("aether.enhancedLocalRepository.remotePrefix", "");
        assertThat(request.getUserProperties()).isEmpty();
    }

    @Test
    void aBuildThatSkipsTheQueueIsSetUpAlikeForItRunsBesideOthers() throws Exception {
        MavenExecutionRequest request = request(lane, "3.9.16", "install");
        request.getUserProperties().setProperty("queuelock.build.skip", "true");

        SharedLocalRepository.apply(request);

        assertThat(request.getSystemProperties()).containsEntry("aether.syncContext.named.factory", "file-lock")
                .containsEntry("aether.enhancedLocalRepository.split", "true");
    }

    @Test
    void theMainCheckoutIsOnlyLocked() {
        MavenExecutionRequest request = request(main, "3.9.16", "install");

        SharedLocalRepository.apply(request);

        assertThat(request.getSystemProperties().stringPropertyNames())
                .containsExactlyInAnyOrder("maven.version", "aether.syncContext.named.factory", "aether.syncContext.named.nameMapper");
    }

    @Test
    void aSessionOfOnlyOurOwnGoalsIsLeftAsItIs() {
        MavenExecutionRequest request = request(lane, "3.9.16", "queuelock:status", "queuelock:land");

        SharedLocalRepository.apply(request);

        assertThat(request.getSystemProperties().stringPropertyNames()).containsExactly("maven.version");
    }

    @Test
    void aLockSettingInAnActiveSettingsProfileIsTheUsers() {
        MavenExecutionRequest request = request(lane, "3.9.16", "verify");
        Profile profile = new Profile();
        profile.setId("locks");
        profile.addProperty("aether.syncContext.named.factory", "rwlock-local");
        request.addProfile(profile);
        request.addActiveProfile("locks");

        SharedLocalRepository.apply(request);

        assertThat(request.getSystemProperties()).doesNotContainKey("aether.syncContext.named.factory")
                .containsKey("aether.enhancedLocalRepository.split");
    }

    @Test
    void aBadLaneInstallsValueIsTakenAsOwn() {
        MavenExecutionRequest request = request(lane, "4.0.0-rc-6", "verify");
        request.getUserProperties().setProperty("queuelock.lanes.installs", "everywhere");

        SharedLocalRepository.apply(request);

        assertThat(request.getSystemProperties()).containsEntry("aether.lrm.enhanced.split", "true");
    }

    /** The resolver 1.6 line once per lane, not in each of its builds, which nobody would read (the IT reads the lines). */
    @Test
    void aLaneIsToldOnceAndANewLaneOfTheSameNameAgain() throws Exception {
        RepoKey key = RepoKey.of(lane);
        String marker = SharedLocalRepository.RESOLVER_NOTICE_MARKER;

        assertThat(OncePerLane.first(key, marker)).as("the lane's first build").isTrue();
        assertThat(OncePerLane.first(key, marker)).as("its next build").isFalse();
        assertThat(OncePerLane.first(RepoKey.of(tmp.resolve("shop-lane-3")), marker)).as("outside git: no marker, told").isTrue();

        git(main, "worktree", "remove", lane.toString());
        git(main, "worktree", "add", "-q", "--detach", lane.toString());
        assertThat(OncePerLane.first(RepoKey.of(lane), marker)).as("a new lane of the same name").isTrue();
    }

    @Test
    void aLaneOnMaven39HasNothingToBeToldAndGetsNoMarker() throws Exception {
        SharedLocalRepository.apply(request(lane, "3.9.16", "verify"));

        assertThat(RepoKey.of(lane).gitDir().orElseThrow().resolve(SharedLocalRepository.RESOLVER_NOTICE_MARKER)).doesNotExist();
    }

    private static MavenExecutionRequest request(Path top, String mavenVersion, String... goals) {
        Properties system = new Properties();
        system.setProperty("maven.version", mavenVersion);
        MavenExecutionRequest request = new DefaultMavenExecutionRequest().setGoals(List.of(goals))
                .setSystemProperties(system).setUserProperties(new Properties());
        request.setMultiModuleProjectDirectory(top.toFile());
        return request;
    }
}
