package dev.queuelock.build.localrepo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import dev.queuelock.build.localrepo.ResolverProperties.Resolver;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class ResolverPropertiesTest {

    private static final LocalRepositoryParts PARTS = LocalRepositoryParts.of("/work/shop/.git");
    private static final LocalRepositoryParts.Part LANE = PARTS.lane("shop-lane-3");
    private static final LocalRepositoryParts.Part CHECKS = PARTS.checks("shop-lane-3");
    private static final List<Map<?, ?>> NOTHING_CHOSEN = List.of(new Properties(), new Properties());

    @Test
    void mavenVersionsAreToldApartByTheirResolver() {
        assertThat(Resolver.ofMaven("3.8.7")).isEqualTo(Resolver.BEFORE_1_9);
        assertThat(Resolver.ofMaven("3.6.3")).isEqualTo(Resolver.BEFORE_1_9);
        assertThat(Resolver.ofMaven("3.9.16")).isEqualTo(Resolver.V1_9);
        assertThat(Resolver.ofMaven("3.10.0")).as("Maven 3.10 ships resolver 2").isEqualTo(Resolver.V2);
        assertThat(Resolver.ofMaven("4.0.0-rc-6")).isEqualTo(Resolver.V2);
        assertThat(Resolver.ofMaven("4.1.0-SNAPSHOT")).isEqualTo(Resolver.V2);
        assertThat(Resolver.ofMaven(null)).as("unknown: 3.9's keys, which Maven 4 reads too").isEqualTo(Resolver.V1_9);
        assertThat(Resolver.ofMaven("dev")).isEqualTo(Resolver.V1_9);
    }

    @Test
    void aLaneOnMaven39LocksAcrossProcessesAndInstallsIntoItsOwnPartWithDownloadsWhereTheyWere() {
        ResolverProperties lane = ResolverProperties.decide("3.9.16", LANE, "own", NOTHING_CHOSEN);

        assertThat(lane.properties()).containsExactly(
                entry("aether.syncContext.named.factory", "file-lock"),
                entry("aether.syncContext.named.nameMapper", "file-gav"),
                entry("aether.enhancedLocalRepository.split", "true"),
                entry("aether.enhancedLocalRepository.localPrefix", LANE.prefix()),
                entry("aether.enhancedLocalRepository.remotePrefix", ""));
        assertThat(LANE.prefix()).matches("\\.queuelock/shop-[0-9a-f]{8}/lanes/shop-lane-3");
        assertThat(lane.notes()).containsExactly(
                "locked across processes (aether.syncContext.named.factory=file-lock, aether.syncContext.named.nameMapper=file-gav):"
                        + " builds at once share it safely",
                "lane shop-lane-3 installs to " + LANE.prefix() + " and resolves from there first; downloads stay shared");
        assertThat(lane.notice()).isEmpty();
    }

    @Test
    void aLaneOnMaven4UsesResolver2sKeysAndItsDefaultLocks() {
        ResolverProperties lane = ResolverProperties.decide("4.0.0-rc-6", LANE, "own", NOTHING_CHOSEN);

        assertThat(lane.properties()).containsExactly(
                entry("aether.lrm.enhanced.split", "true"),
                entry("aether.lrm.enhanced.localPrefix", LANE.prefix()),
                entry("aether.lrm.enhanced.remotePrefix", ""));
        assertThat(lane.notes().get(0)).isEqualTo("locked across processes by resolver 2's default (file-lock, file-gav)");
    }

    @Test
    void theMainCheckoutInstallsWhereItAlwaysDidAndIsLockedAcrossProcesses() {
        ResolverProperties main = ResolverProperties.decide("3.9.16", null, "own", NOTHING_CHOSEN);

        assertThat(main.properties()).containsOnlyKeys("aether.syncContext.named.factory", "aether.syncContext.named.nameMapper");
        assertThat(main.notes()).last().asString().startsWith("installs go where Maven always puts them");
        assertThat(ResolverProperties.decide("4.0.0-rc-6", null, "own", NOTHING_CHOSEN).properties()).isEmpty();
    }

    @Test
    void landsCheckBuildsGetThePartOfTheirLanesChecks() {
        ResolverProperties check = ResolverProperties.decide("3.9.16", CHECKS, "own", NOTHING_CHOSEN);

        assertThat(CHECKS.prefix()).matches("\\.queuelock/shop-[0-9a-f]{8}/checks/shop-lane-3");
        assertThat(check.properties()).containsEntry("aether.enhancedLocalRepository.localPrefix", CHECKS.prefix())
                .containsEntry("aether.enhancedLocalRepository.remotePrefix", "");
        assertThat(check.notes()).last().asString().startsWith("the check builds of lane shop-lane-3 installs to ");
    }

    @Test
    void anySyncContextSettingOfTheUsersLeavesLockingAloneWhereverItWasSet() {
        Properties user = new Properties();
        user.setProperty("aether.syncContext.named.time", "60");
        Properties profile = new Properties();
        profile.setProperty("aether.syncContext.named.factory", "rwlock-local");

        for (List<Map<?, ?>> chosen : List.<List<Map<?, ?>>>of(List.of(user), List.of(new Properties(), new Properties(), profile))) {
            ResolverProperties lane = ResolverProperties.decide("3.9.16", LANE, "own", chosen);

            assertThat(lane.properties()).doesNotContainKeys("aether.syncContext.named.factory", "aether.syncContext.named.nameMapper")
                    .containsKey("aether.enhancedLocalRepository.split");
            assertThat(lane.notes().get(0)).startsWith("locking as you set it (aether.syncContext.named.").endsWith("), left alone");
        }
    }

    @Test
    void aLocalRepositoryLayoutOfTheUsersIsLeftAloneInEitherResolversSpelling() {
        for (String key : List.of("aether.enhancedLocalRepository.split", "aether.lrm.enhanced.localPrefix")) {
            Properties system = new Properties();
            system.setProperty(key, "installed");

            ResolverProperties lane = ResolverProperties.decide("3.9.16", LANE, "own", List.of(new Properties(), system));

            assertThat(lane.properties()).containsOnlyKeys("aether.syncContext.named.factory", "aether.syncContext.named.nameMapper");
            assertThat(lane.notes()).last().isEqualTo("layout as you set it (" + key + "=installed), left alone: "
                    + "lane shop-lane-3's installs are not put apart");
        }
    }

    @Test
    void sharedLaneInstallsPutNothingApart() {
        ResolverProperties lane = ResolverProperties.decide("3.9.16", LANE, "shared", NOTHING_CHOSEN);

        assertThat(lane.properties()).containsOnlyKeys("aether.syncContext.named.factory", "aether.syncContext.named.nameMapper");
        assertThat(lane.notes()).last().isEqualTo("queuelock.lanes.installs=shared: lane shop-lane-3 installs to and resolves from"
                + " the shared place, as every lane does");
    }

    @Test
    void maven38SetsNothingAndALaneSaysOnceWhatIsNotKeptApart() {
        ResolverProperties lane = ResolverProperties.decide("3.8.7", LANE, "own", NOTHING_CHOSEN);
        ResolverProperties main = ResolverProperties.decide("3.8.7", null, "own", NOTHING_CHOSEN);

        assertThat(lane.properties()).isEmpty();
        assertThat(lane.notice()).hasValue("Local repository: resolver 1.6 cannot keep lane shop-lane-3's installs apart: what it"
                + " installs, other lanes resolve, and it resolves theirs (Maven 3.9 or newer keeps them apart).");
        assertThat(lane.notes().get(0)).startsWith("not locked across processes: resolver 1.6 has no such lock");
        assertThat(main.properties()).isEmpty();
        assertThat(main.notice()).as("the main checkout installs where it always did").isEmpty();
    }

    @Test
    void twoClonesOfOneProjectNeverShareAPart() {
        LocalRepositoryParts one = LocalRepositoryParts.of("/work/shop/.git");
        LocalRepositoryParts other = LocalRepositoryParts.of("/home/me/shop/.git");
        LocalRepositoryParts bare = LocalRepositoryParts.of("/srv/shop.git");

        assertThat(one.lane("shop-lane-1").prefix()).isNotEqualTo(other.lane("shop-lane-1").prefix());
        assertThat(one.toString()).matches("\\.queuelock/shop-[0-9a-f]{8}");
        assertThat(bare.toString()).matches("\\.queuelock/shop\\.git-[0-9a-f]{8}");
        assertThat(one.lanesIn(java.nio.file.Path.of("/m2"))).isEqualTo(java.nio.file.Path.of("/m2/" + one + "/lanes"));
        assertThat(one.checksIn(java.nio.file.Path.of("/m2"))).isEqualTo(java.nio.file.Path.of("/m2/" + one + "/checks"));
    }
}
