package dev.queuelock.ephemeral;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.queuelock.testsupport.ChildProcess;
import dev.queuelock.testsupport.ChildProcesses;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** Claim, use, release - and what a killed claimer leaves behind is destroyed by the next caller, never what a live one holds. */
class EphemeralResourcesTest {

    @RegisterExtension
    final ChildProcesses children = new ChildProcesses();

    @TempDir
    Path tmp;

    private Path base;
    private ClaimRegistry registry;
    private ScratchDirectoryProvider scratch;

    @BeforeEach
    void setUp() throws IOException {
        base = tmp.resolve("scratch");
        registry = ClaimRegistry.at(tmp.resolve("claims"));
        scratch = new ScratchDirectoryProvider(base);
    }

    @Test
    void resourceIsClaimedWhileInUseThenDestroyedAndReleased() throws Exception {
        Path used = EphemeralResources.withEphemeralResource(scratch, registry, dir -> {
            Files.writeString(dir.resolve("data.txt"), "x");
            List<Claim> claims = registry.claims();
            assertThat(claims).hasSize(1);
            assertThat(claims.get(0).pid()).isEqualTo(ProcessHandle.current().pid());
            assertThat(claims.get(0).start()).isPresent();
            assertThat(claims.get(0).resource()).hasValue(dir.toString());
            assertThat(registry.orphans()).isEmpty();
            return dir;
        });

        assertThat(used).doesNotExist();
        assertThat(used.getParent()).isEqualTo(base);
        assertThat(registry.claims()).isEmpty();
    }

    @Test
    void resourceIsDestroyedAndReleasedWhenTheWorkThrows() throws Exception {
        Path[] seen = new Path[1];

        assertThatThrownBy(() -> EphemeralResources.withEphemeralResource(scratch, registry, dir -> {
            seen[0] = dir;
            throw new IllegalStateException("test failed");
        })).isInstanceOf(IllegalStateException.class).hasMessage("test failed");

        assertThat(seen[0]).doesNotExist();
        assertThat(registry.claims()).isEmpty();
    }

    @Test
    @Timeout(60)
    void orphanOfAKilledJvmIsDestroyedByTheNextCall() throws Exception {
        ChildProcess claimer = startClaimer("dead");
        Path orphanDir = awaitReady(claimer);
        Files.writeString(orphanDir.resolve("left-behind.txt"), "x");

        claimer.kill9(); // no finally, no shutdown hook; fails unless it exits within 30 s
        assertThat(orphanDir).exists();
        assertThat(registry.orphans()).singleElement().satisfies(c -> assertThat(c.pid()).isEqualTo(claimer.pid()));

        EphemeralResources.withEphemeralResource(scratch, registry, dir -> {
            assertThat(orphanDir).doesNotExist();
            assertThat(registry.claims()).singleElement()
                    .satisfies(c -> assertThat(c.pid()).isEqualTo(ProcessHandle.current().pid()));
            return null;
        });
        assertThat(registry.claims()).isEmpty();
        try (var left = Files.list(base)) {
            assertThat(left).isEmpty();
        }
    }

    @Test
    @Timeout(60)
    void liveClaimersResourceIsNeverTouched() throws Exception {
        ChildProcess claimer = startClaimer("live");
        Path liveDir = awaitReady(claimer);
        Files.writeString(liveDir.resolve("in-use.txt"), "x");

        EphemeralResources.withEphemeralResource(scratch, registry, dir -> {
            assertThat(registry.claims()).hasSize(2);
            return null;
        });
        assertThat(EphemeralResources.destroyOrphans(scratch, registry)).isZero();

        assertThat(liveDir.resolve("in-use.txt")).hasContent("x");
        assertThat(registry.claims()).singleElement().satisfies(c -> assertThat(c.pid()).isEqualTo(claimer.pid()));
        assertThat(claimer.isAlive()).isTrue();
    }

    @Test
    void aClaimPointingOutsideTheScratchBaseIsRefusedAndNothingIsDeleted() throws Exception {
        Path victim = Files.createDirectory(tmp.resolve("precious"));
        Files.writeString(victim.resolve("keep.txt"), "x");
        registry.record(new Claim("1-999999999-1", 999_999_999L, null, 1, victim.toString()));

        assertThatThrownBy(() -> EphemeralResources.withEphemeralResource(scratch, registry, dir -> null))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("refusing to delete " + victim)
                .hasMessageContaining("delete " + registry.fileOf("1-999999999-1"));
        assertThat(victim.resolve("keep.txt")).exists();
    }

    @Test
    void garbageAndForeignFilesInTheRegistryAreLeftAlone() throws Exception {
        Files.writeString(registry.directory().resolve("1-999999999-1.json"), "{\"id\":");
        Files.writeString(registry.directory().resolve("notes.txt"), "hello");

        assertThat(registry.claims()).isEmpty();
        EphemeralResources.withEphemeralResource(scratch, registry, dir -> null);
        assertThat(registry.directory().resolve("1-999999999-1.json")).exists();
        assertThat(registry.directory().resolve("notes.txt")).exists();
    }

    @Test
    void aRegistryDirectoryThatIsASymlinkIsRefused() throws Exception {
        Path real = Files.createDirectory(tmp.resolve("real"));
        Path link = Files.createSymbolicLink(tmp.resolve("link"), real);

        assertThatThrownBy(() -> ClaimRegistry.at(link)).isInstanceOf(dev.queuelock.QueueLockException.class)
                .hasMessageContaining("refusing " + link);
    }

    private ChildProcess startClaimer(String name) {
        return children.jvm(EphemeralClaimer.class, registry.directory().toString(), base.toString())
                .in(tmp).tmpDir(tmp).outputTo(tmp.resolve(name)).start();
    }

    private static Path awaitReady(ChildProcess claimer) {
        await().atMost(Duration.ofSeconds(45)).until(() -> !claimer.isAlive() || claimer.stdout().contains("\n"));
        String line = claimer.stdout().trim();
        assertThat(line).as("claimer output; stderr: %s", claimer.stderr()).startsWith("READY ");
        return Path.of(line.substring("READY ".length()));
    }
}
