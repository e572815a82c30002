package dev.queuelock.repository.ports;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;

/** Whether a program uses a port now, as the kernel tells it: a port nobody may bind is not given to a lane. */
final class ListeningPorts {

    private ListeningPorts() {
    }

    /**
     * True when the port cannot be bound on every address: someone listens on it (on any address,
     * IPv4 or IPv6), or a connection of it is still closing, or it is a privileged port. Without
     * {@code SO_REUSEADDR}, so that on macOS too a listener on one address is seen from the wildcard.
     */
    static boolean inUse(int port) {
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(false);
            socket.bind(new InetSocketAddress(port));
            return false;
        } catch (IOException e) {
            return true;
        }
    }
}
