package dev.queuelock.process;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Whether this process, a server, still has a TCP connection accepted on one of its listening
 * ports: how a build daemon's build tells that its client has gone (the daemon keeps the build
 * running; the kernel closes the client's end when it dies, however it dies). Two readings of the
 * same facts: {@code /proc/self/net/tcp{,6}} and this process's socket descriptors on Linux, and
 * {@code lsof -a -p <self> -iTCP -F nT} (options lsof documents alike on Linux and macOS) in the
 * portable layer. Empty where it cannot be told, or where this process listens on no TCP port.
 */
final class ServerConnections {

    private static final long LSOF_SECONDS = 10;
    private static final String LISTEN = "0A";
    private static final String ESTABLISHED = "01";

    private final Set<Integer> listening = new HashSet<>();
    private final Set<Integer> accepted = new HashSet<>();

    private ServerConnections() {
    }

    private Optional<Boolean> answer() {
        return listening.isEmpty() ? Optional.empty() : Optional.of(accepted.stream().anyMatch(listening::contains));
    }

    /** From {@code /proc}: the rows of the TCP tables whose socket is one of this process's descriptors. */
    static Optional<Boolean> fromProc() {
        Set<String> own = new HashSet<>();
        try (DirectoryStream<Path> fds = Files.newDirectoryStream(Paths.get("/proc/self/fd"))) {
            for (Path fd : fds) {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith("socket:[")) {
                        own.add(target.substring("socket:[".length(), target.length() - 1));
                    }
                } catch (IOException | RuntimeException e) {
                    // closed since the listing
                }
            }
            ServerConnections connections = new ServerConnections();
            for (String table : new String[] {"/proc/self/net/tcp", "/proc/self/net/tcp6"}) {
                Path file = Paths.get(table);
                if (Files.isReadable(file)) {
                    connections.addProcTable(new String(Files.readAllBytes(file), StandardCharsets.US_ASCII), own);
                }
            }
            return connections.answer();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    static Optional<Boolean> fromProcTable(String table, Set<String> ownInodes) {
        ServerConnections connections = new ServerConnections();
        connections.addProcTable(table, ownInodes);
        return connections.answer();
    }

    /** Rows: {@code sl local_address rem_address st ... inode}, the address {@code <hex ip>:<hex port>}. */
    private void addProcTable(String table, Set<String> ownInodes) {
        for (String row : table.split("\n")) {
            String[] f = row.trim().split("\\s+");
            if (f.length < 10 || !f[1].contains(":") || !ownInodes.contains(f[9])) {
                continue; // the header, or another process's socket
            }
            int port = Integer.parseInt(f[1].substring(f[1].lastIndexOf(':') + 1), 16);
            if (f[3].equals(LISTEN)) {
                listening.add(port);
            } else if (f[3].equals(ESTABLISHED)) {
                accepted.add(port);
            }
        }
    }

    /** From {@code lsof}. */
    static Optional<Boolean> fromLsof() {
        try {
            Process lsof = new ProcessBuilder("lsof", "-w", "-nP", "-a", "-p", Long.toString(ProcessHandle.current().pid()),
                    "-iTCP", "-F", "nT").redirectError(ProcessBuilder.Redirect.DISCARD).start();
            lsof.getOutputStream().close();
            String out = new String(lsof.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!lsof.waitFor(LSOF_SECONDS, TimeUnit.SECONDS)) {
                lsof.destroyForcibly();
                return Optional.empty();
            }
            return fromLsofOutput(out);
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    /** {@code n<local>} or {@code n<local>-><remote>}, each followed by its {@code TST=<state>}. */
    static Optional<Boolean> fromLsofOutput(String out) {
        ServerConnections connections = new ServerConnections();
        String name = null;
        for (String line : out.split("\n")) {
            if (line.startsWith("n")) {
                name = line.substring(1);
            } else if (line.startsWith("TST=") && name != null) {
                String local = name.contains("->") ? name.substring(0, name.indexOf("->")) : name;
                int port = parsePort(local);
                if (port > 0 && line.equals("TST=LISTEN")) {
                    connections.listening.add(port);
                } else if (port > 0 && line.equals("TST=ESTABLISHED")) {
                    connections.accepted.add(port);
                }
            }
        }
        return connections.answer();
    }

    private static int parsePort(String address) {
        try {
            return Integer.parseInt(address.substring(address.lastIndexOf(':') + 1));
        } catch (RuntimeException e) {
            return -1;
        }
    }
}
