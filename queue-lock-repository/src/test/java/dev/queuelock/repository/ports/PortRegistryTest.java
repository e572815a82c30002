package dev.queuelock.repository.ports;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.queuelock.testsupport.ChildProcess;
import dev.queuelock.testsupport.ChildProcesses;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** The machine's register of lanes' named ports: never one port for two lanes, the same numbers every ask. */
class PortRegistryTest {

    private static final List<String> NAMES = List.of("http", "db", "debug");
    /** Below Linux's ephemeral ports; a port some program here listens on is skipped, so no test needs an exact number. */
    private static final int FROM = 23000;

    @RegisterExtension
    final ChildProcesses children = new ChildProcesses();

    @TempDir
    Path tmp;

    @Test
    void whatLanesHoldIsReadForThemAllAtOnceAndReadingGivesNoPort() throws IOException {
        PortRegistry registry = PortRegistry.in(tmp.resolve("queues"));
        Path asked = lane("shop-lane-1");
        Path never = lane("shop-lane-2");
        assertThat(registry.held(List.of(asked, never))).as("no register yet").containsOnlyKeys(asked, never)
                .allSatisfy((lane, ports) -> assertThat(ports).isEmpty());
        assertThat(registry.directory()).as("reading makes no register").doesNotExist();
        Map<String, Integer> given = registry.portsOf(asked, NAMES, FROM);

        Map<Path, Map<String, Integer>> held = registry.held(List.of(asked, never));

        assertThat(held.get(asked)).isEqualTo(given);
        assertThat(held.get(never)).as("a look gives none").isEmpty();
        assertThat(registry.held(never)).isEmpty();
    }

    @Test
    void eightLanesGetDistinctPortsAndTheSameOnASecondAsk() throws IOException {
        PortRegistry registry = PortRegistry.in(tmp.resolve("queues"));
        Map<Path, Map<String, Integer>> first = new LinkedHashMap<>();
        for (int n = 1; n <= 8; n++) {
            Path lane = lane("shop-lane-" + n);
            first.put(lane, registry.portsOf(lane, NAMES, FROM));
        }
        assertThat(first.values()).allSatisfy(ports -> assertThat(ports.keySet()).containsExactlyElementsOf(NAMES));
        assertThat(allPorts(first.values())).as("8 lanes x 3 names").hasSize(24).allMatch(p -> p >= FROM);
        for (Map.Entry<Path, Map<String, Integer>> lane : first.entrySet()) {
            assertThat(registry.portsOf(lane.getKey(), NAMES, FROM)).as("asked again").isEqualTo(lane.getValue());
            assertThat(PortRegistry.in(tmp.resolve("queues")).held(lane.getKey())).as("read by another reader").isEqualTo(lane.getValue());
        }
        assertThat(registry.directory()).as("in the machine queue's directory").hasParent(
                dev.queuelock.spi.Queue.in(tmp.resolve("queues"), dev.queuelock.spi.Queue.BUILD,
                        dev.queuelock.config.BuildScope.machineKey()).directory());
    }

    @Test
    void aNameAddedLaterIsGivenWithoutMovingTheOthers() throws IOException {
        PortRegistry registry = PortRegistry.in(tmp);
        Path lane = lane("shop-lane-1");
        Map<String, Integer> before = registry.portsOf(lane, List.of("http"), FROM);
        Map<String, Integer> after = registry.portsOf(lane, List.of("db", "http"), FROM);
        assertThat(after).containsEntry("http", before.get("http")).containsKeys("db");
        assertThat(List.copyOf(after.keySet())).as("in the order asked").containsExactly("db", "http");
    }

    @Test
    void aPortAProgramListensOnIsSkipped() throws IOException {
        try (ServerSocket listening = new ServerSocket(0)) {
            int busy = listening.getLocalPort();
            int port = PortRegistry.in(tmp).portsOf(lane("shop-lane-1"), List.of("http"), busy).get("http");
            assertThat(port).as("from the busy port up, not it").isGreaterThan(busy);
        }
    }

    @Test
    void lanesAskingAtOnceInOneJvmNeverShareAPort() throws Exception {
        PortRegistry registry = PortRegistry.in(tmp);
        List<Path> lanes = new ArrayList<>();
        for (int n = 1; n <= 8; n++) {
            lanes.add(lane("shop-lane-" + n));
        }
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            CountDownLatch go = new CountDownLatch(1);
            List<Future<Map<String, Integer>>> asks = new ArrayList<>();
            for (Path lane : lanes) {
                Callable<Map<String, Integer>> ask = () -> {
                    go.await();
                    return registry.portsOf(lane, NAMES, FROM);
                };
                asks.add(pool.submit(ask));
            }
            go.countDown();
            List<Map<String, Integer>> given = new ArrayList<>();
            for (Future<Map<String, Integer>> ask : asks) {
                given.add(ask.get());
            }
            assertThat(allPorts(given)).hasSize(24);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    @Timeout(300)
    void lanesAskingAtOnceFromTheirOwnJvmsNeverShareAPort() throws Exception {
        List<ChildProcess> workers = new ArrayList<>();
        List<Path> lanes = new ArrayList<>();
        for (int n = 1; n <= 8; n++) {
            Path lane = lane("shop-lane-" + n);
            lanes.add(lane);
            List<String> args = new ArrayList<>(List.of(tmp.resolve("queues").toString(), String.valueOf(FROM), lane.toString()));
            args.addAll(NAMES);
            workers.add(children.jvm(PortWorker.class, args).outputTo(tmp.resolve("worker-" + n)).start());
        }
        List<Map<String, Integer>> given = new ArrayList<>();
        for (ChildProcess worker : workers) {
            assertThat(worker.awaitExit(Duration.ofSeconds(240))).as(worker.output()).isZero();
            Map<String, Integer> ports = new LinkedHashMap<>();
            worker.stdout().lines().map(l -> l.split("=")).forEach(kv -> ports.put(kv[0], Integer.parseInt(kv[1])));
            given.add(ports);
        }
        assertThat(allPorts(given)).as("8 JVMs x 3 names").hasSize(24);
        PortRegistry registry = PortRegistry.in(tmp.resolve("queues"));
        for (int i = 0; i < lanes.size(); i++) {
            assertThat(registry.held(lanes.get(i))).as("kept as given").isEqualTo(given.get(i));
        }
    }

    @Test
    void aFreedLaneGivesItsPortsBackAndALaneWhoseWorktreeIsGoneToo() throws IOException {
        PortRegistry registry = PortRegistry.in(tmp);
        Path pruned = lane("shop-lane-1");
        Path removedByHand = lane("shop-lane-2");
        Path kept = lane("shop-lane-3");
        Map<String, Integer> prunedPorts = registry.portsOf(pruned, NAMES, FROM);
        Map<String, Integer> removedPorts = registry.portsOf(removedByHand, NAMES, FROM);
        Map<String, Integer> keptPorts = registry.portsOf(kept, NAMES, FROM);

        assertThat(registry.free(pruned)).containsExactlyInAnyOrderElementsOf(prunedPorts.values());
        assertThat(registry.held(pruned)).isEmpty();
        Files.delete(removedByHand.resolve(".git"));
        assertThat(registry.reclaimGone()).containsExactlyInAnyOrderElementsOf(removedPorts.values());
        assertThat(registry.held(removedByHand)).isEmpty();
        assertThat(registry.held(kept)).as("another lane's ports stay").isEqualTo(keptPorts);
        assertThat(registry.free(pruned)).as("freed once").isEmpty();
    }

    @Test
    void aLaneNamedThroughALinkIsTheSameLane() throws IOException {
        PortRegistry registry = PortRegistry.in(tmp);
        Path lane = lane("shop-lane-1");
        Path link = Files.createSymbolicLink(tmp.resolve("link"), tmp.resolve("lanes"));
        Map<String, Integer> ports = registry.portsOf(lane, NAMES, FROM);
        assertThat(registry.portsOf(link.resolve("shop-lane-1"), NAMES, FROM)).isEqualTo(ports);
    }

    @Test
    void aRegisterFolderPlantedAsALinkIsRefused() throws IOException {
        PortRegistry registry = PortRegistry.in(tmp);
        Files.createDirectories(registry.directory().getParent());
        Files.createSymbolicLink(registry.directory(), Files.createDirectory(tmp.resolve("elsewhere")));
        assertThatThrownBy(() -> registry.portsOf(lane("shop-lane-1"), NAMES, FROM)).isInstanceOf(IOException.class)
                .hasMessageContaining("it is a symbolic link");
        assertThat(tmp.resolve("elsewhere")).isEmptyDirectory();
    }

    @Test
    void aPortFileNameIsThePortAndNothingElse() {
        assertThat(PortEntry.portOf("20001")).isEqualTo(20001);
        assertThat(PortEntry.portOf("020001")).isZero();
        assertThat(PortEntry.portOf("65536")).isZero();
        assertThat(PortEntry.portOf(".lock")).isZero();
        assertThat(PortEntry.portOf(".20001.42.tmp")).isZero();
        assertThat(PortEntry.parse(20001, "http /a lane/with spaces\n".getBytes()).orElseThrow().lane()).isEqualTo("/a lane/with spaces");
        assertThat(PortEntry.parse(20001, "http /half".getBytes())).as("not written whole").isEmpty();
    }

    /** A directory that is a worktree as far as the register looks: it has a {@code .git}. */
    private Path lane(String name) throws IOException {
        Path lane = Files.createDirectories(tmp.resolve("lanes").resolve(name));
        Files.writeString(lane.resolve(".git"), "gitdir: /somewhere\n");
        return lane;
    }

    private static Set<Integer> allPorts(Iterable<Map<String, Integer>> lanes) {
        Set<Integer> all = new HashSet<>();
        int count = 0;
        for (Map<String, Integer> ports : lanes) {
            all.addAll(ports.values());
            count += ports.size();
        }
        assertThat(all).as("no port given twice").hasSize(count);
        return all;
    }
}
