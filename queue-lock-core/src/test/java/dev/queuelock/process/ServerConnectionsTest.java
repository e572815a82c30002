package dev.queuelock.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.queuelock.testsupport.ChildProcess;
import dev.queuelock.testsupport.ChildProcesses;
import dev.queuelock.testsupport.Timing;
import java.io.File;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * How an mvnd daemon's build tells that its client has gone: this JVM listens like a daemon, a
 * child JVM connects like a client and is killed with {@code kill -9}; both readings (/proc and
 * lsof) see the connection, then its end.
 */
class ServerConnectionsTest {

    @RegisterExtension
    final ChildProcesses children = new ChildProcesses();

    @TempDir
    Path tmp;

    @Test
    void lsofsFieldsTellAnAcceptedConnectionFromAnOutgoingOneAndFromOneTheClientClosed() {
        String listening = "p1\nn127.0.0.1:49199\nTST=LISTEN\nTQR=0\n";
        String accepted = "n127.0.0.1:49199->127.0.0.1:53376\nTST=ESTABLISHED\n";
        String outgoing = "n127.0.0.1:53376->127.0.0.1:8080\nTST=ESTABLISHED\n";
        String closedByClient = "n127.0.0.1:49199->127.0.0.1:53376\nTST=CLOSE_WAIT\n";

        assertThat(ServerConnections.fromLsofOutput(listening + accepted)).contains(true);
        assertThat(ServerConnections.fromLsofOutput(listening + outgoing)).contains(false);
        assertThat(ServerConnections.fromLsofOutput(listening + closedByClient)).contains(false);
        assertThat(ServerConnections.fromLsofOutput(outgoing)).as("no listening port: nothing to tell").isEmpty();
    }

    @Test
    void procRowsCountOnlyThisProcesssSockets() {
        String header = "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode\n";
        String listen = "   0: 0100007F:C04F 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 111 1\n";
        String accepted = "   1: 0100007F:C04F 0100007F:D080 01 00000000:00000000 00:00000000 00000000  1000        0 222 1\n";

        assertThat(ServerConnections.fromProcTable(header + listen + accepted, Set.of("111", "222"))).contains(true);
        assertThat(ServerConnections.fromProcTable(header + listen + accepted, Set.of("111"))).as("another's socket").contains(false);
        assertThat(ServerConnections.fromProcTable(header + accepted, Set.of("222"))).isEmpty();
    }

    @Test
    @Timeout(120)
    void aClientKilledWhileConnectedIsSeenGoneThroughProcAndThroughLsof() throws Exception {
        assumeTrue(new File("/proc/self/net/tcp").canRead(), "needs /proc (Linux) to compare both readings");
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            ChildProcess client = children.jvm(Client.class, Integer.toString(server.getLocalPort())).log(tmp.resolve("client.log"))
                    .start();
            try (Socket accepted = server.accept()) {
                assertThat(ServerConnections.fromProc()).contains(true);
                assertThat(ServerConnections.fromLsof()).contains(true);

                client.kill9();

                awaitGone(ServerConnections::fromProc);
                awaitGone(ServerConnections::fromLsof);
            }
        }
    }

    private static void awaitGone(Supplier<Optional<Boolean>> reading) {
        Awaitility.await().atMost(Timing.seconds(20)).pollInterval(Duration.ofMillis(100))
                .until(() -> reading.get().equals(Optional.of(false)));
    }

    /** Connects to the port and stays. */
    public static final class Client {
        public static void main(String[] args) throws Exception {
            try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), Integer.parseInt(args[0]))) {
                Thread.sleep(300_000);
            }
        }
    }
}
