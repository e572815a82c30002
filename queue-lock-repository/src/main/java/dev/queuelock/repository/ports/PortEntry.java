package dev.queuelock.repository.ports;

import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * One port given to a lane, as its file in the registry holds it: the file is named after the port
 * and holds {@code <name> <lane's worktree>} and a newline (a name has no space; a path may).
 */
final class PortEntry {

    private final int port;
    private final String name;
    private final String lane;

    PortEntry(int port, String name, String lane) {
        this.port = port;
        this.name = name;
        this.lane = lane;
    }

    /** The port a registry file's name stands for; 0 for any other file (the lock, a temp file). */
    static int portOf(String fileName) {
        if (fileName.isEmpty() || fileName.length() > 5) {
            return 0;
        }
        int port = 0;
        for (int i = 0; i < fileName.length(); i++) {
            char c = fileName.charAt(i);
            if (c < '0' || c > '9') {
                return 0;
            }
            port = port * 10 + (c - '0');
        }
        return port <= 65535 && String.valueOf(port).equals(fileName) ? port : 0;
    }

    /** The entry a port's file holds; empty for content that is no entry's. */
    static Optional<PortEntry> parse(int port, byte[] content) {
        String text = new String(content, StandardCharsets.UTF_8);
        int space = text.indexOf(' ');
        if (!text.endsWith("\n") || space <= 0 || space == text.length() - 2) {
            return Optional.empty();
        }
        return Optional.of(new PortEntry(port, text.substring(0, space), text.substring(space + 1, text.length() - 1)));
    }

    byte[] content() {
        return (name + " " + lane + "\n").getBytes(StandardCharsets.UTF_8);
    }

    int port() {
        return port;
    }

    String name() {
        return name;
    }

    String lane() {
        return lane;
    }
}
