package dev.queuelock.repository.ports;

import dev.queuelock.QueueLockException;
import dev.queuelock.config.BuildScope;
import dev.queuelock.file.QueueDirectory;
import dev.queuelock.file.SafePaths;
import dev.queuelock.spi.Queue;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * The machine's register of the ports given to lanes by name, shared by the lanes of every
 * repository of this user: the folder {@value #FOLDER} in the directory of the machine-wide build
 * queue ({@code $TMPDIR/claude-code-merge-queue-build-queue-<h>}, {@code h} of
 * {@link BuildScope#machineKey}). Each port given is a file named after it ({@link PortEntry}),
 * created atomically (a hard link of a fully written temp file, which fails when the name is
 * taken), so no two lanes ever hold one port. Changes are made one process at a time
 * ({@link RegistryTurn}); reading takes no turn: a lane that holds all the ports it asks for,
 * every build after its first, only reads.
 */
public final class PortRegistry {

    /** The register's folder in the machine queue's directory. */
    static final String FOLDER = "lane-ports";

    private final Path dir;

    private PortRegistry(Path dir) {
        this.dir = dir;
    }

    /** The register in the temp dir the queues use ($TMPDIR, else /tmp). */
    public static PortRegistry machine() {
        return in(QueueDirectory.defaultTmpDir());
    }

    /** The register of the machine queue under {@code tmpDir}. */
    public static PortRegistry in(Path tmpDir) {
        return new PortRegistry(Queue.in(tmpDir, Queue.BUILD, BuildScope.machineKey()).directory().resolve(FOLDER));
    }

    public Path directory() {
        return dir;
    }

    /**
     * The ports {@code lane} holds for {@code names}, in their order; for each name it holds none
     * for, the lowest port from {@code from} up that no lane holds and no program listens on is
     * given to it (and kept until the lane is freed or its worktree is gone).
     *
     * @throws IOException the register cannot be read or written, or no port is left to give
     */
    public Map<String, Integer> portsOf(Path lane, List<String> names, int from) throws IOException {
        String key = laneKey(lane);
        Map<String, Integer> held = byName(read(), key);
        if (held.keySet().containsAll(names)) {
            return inOrder(held, names);
        }
        try (RegistryTurn turn = RegistryTurn.take(dir)) {
            Map<Integer, PortEntry> all = read();
            removeGone(all);
            held = byName(all, key);
            Set<Integer> taken = new HashSet<>(all.keySet());
            for (String name : names) {
                if (!held.containsKey(name)) {
                    held.put(name, give(new PortEntry(0, name, key), from, taken));
                }
            }
        }
        return inOrder(held, names);
    }

    /** The ports {@code lane} holds now, by name, lowest first; none given. */
    public Map<String, Integer> held(Path lane) throws IOException {
        return byName(read(), laneKey(lane));
    }

    /**
     * The ports each of {@code lanes} holds now, by name: one read of the register for them all, and
     * no port given (what status and watch show). A lane holding none maps to an empty map.
     */
    public Map<Path, Map<String, Integer>> held(List<Path> lanes) throws IOException {
        Map<Integer, PortEntry> all = read();
        Map<Path, Map<String, Integer>> held = new LinkedHashMap<>();
        for (Path lane : lanes) {
            held.put(lane, byName(all, laneKey(lane)));
        }
        return held;
    }

    /** Gives back every port {@code lane} holds (a lane pruned); returns them, lowest first. */
    public List<Integer> free(Path lane) throws IOException {
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            return List.of();
        }
        String key = laneKey(lane);
        List<Integer> freed = new ArrayList<>();
        try (RegistryTurn turn = RegistryTurn.take(dir)) {
            for (PortEntry entry : read().values()) {
                if (entry.lane().equals(key) && Files.deleteIfExists(dir.resolve(String.valueOf(entry.port())))) {
                    freed.add(entry.port());
                }
            }
        }
        return freed;
    }

    /** Gives back the ports of lanes whose worktree is gone (removed by hand); returns them, lowest first. */
    public List<Integer> reclaimGone() throws IOException {
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            return List.of();
        }
        try (RegistryTurn turn = RegistryTurn.take(dir)) {
            return removeGone(read());
        }
    }

    /** The lowest port from {@code from} up that is neither taken nor listened on, now {@code entry}'s. */
    private int give(PortEntry entry, int from, Set<Integer> taken) throws IOException {
        for (int port = from; port <= 65535; port++) {
            if (!taken.add(port) || ListeningPorts.inUse(port)) {
                continue;
            }
            if (create(new PortEntry(port, entry.name(), entry.lane()))) {
                return port;
            }
        }
        throw new IOException("no port from " + from + " to 65535 is free for " + entry.name() + " (each is held by a lane or"
                + " listened on); prune lanes no longer used (mvn queuelock:prune) or lower " + LanePortSettings.NAMED_PORT_BASE.name());
    }

    /** Writes the entry under its port's name unless that is taken; the file appears whole or not at all. */
    private boolean create(PortEntry entry) throws IOException {
        Path file = dir.resolve(String.valueOf(entry.port()));
        Path temp = dir.resolve("." + entry.port() + "." + ProcessHandle.current().pid() + ".tmp");
        SafePaths.deleteQuietly(temp);
        SafePaths.createExclusive(temp, entry.content());
        try {
            Files.createLink(file, temp);
            return true;
        } catch (FileAlreadyExistsException e) {
            return false;
        } catch (UnsupportedOperationException e) {
            // No hard links on this file system: created exclusively, filled under our turn (readers skip an empty entry).
            try {
                SafePaths.createExclusive(file, entry.content());
                return true;
            } catch (FileAlreadyExistsException taken) {
                return false;
            }
        } finally {
            SafePaths.deleteQuietly(temp);
        }
    }

    /** Deletes the entries of lanes whose worktree is gone, from the folder and from {@code all}. */
    private List<Integer> removeGone(Map<Integer, PortEntry> all) throws IOException {
        List<Integer> gone = new ArrayList<>();
        for (PortEntry entry : List.copyOf(all.values())) {
            if (!Files.exists(Path.of(entry.lane()).resolve(".git"), LinkOption.NOFOLLOW_LINKS)) {
                Files.deleteIfExists(dir.resolve(String.valueOf(entry.port())));
                all.remove(entry.port());
                gone.add(entry.port());
            }
        }
        return gone;
    }

    /** Every entry, by port; none while the folder does not exist. */
    private Map<Integer, PortEntry> read() throws IOException {
        Map<Integer, PortEntry> entries = new TreeMap<>();
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            return entries;
        }
        requireOwned(dir);
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
            for (Path file : files) {
                int port = PortEntry.portOf(file.getFileName().toString());
                if (port > 0 && Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                    readEntry(port, file).ifPresent(entry -> entries.put(port, entry));
                }
            }
        }
        return entries;
    }

    private static Optional<PortEntry> readEntry(int port, Path file) throws IOException {
        try {
            return PortEntry.parse(port, Files.readAllBytes(file));
        } catch (NoSuchFileException e) {
            return Optional.empty(); // freed meanwhile
        }
    }

    /** The ports of the lane keyed {@code key}, by name; of two for one name (never made so), the lower. */
    private static Map<String, Integer> byName(Map<Integer, PortEntry> all, String key) {
        Map<String, Integer> held = new LinkedHashMap<>();
        for (PortEntry entry : all.values()) {
            if (entry.lane().equals(key)) {
                held.putIfAbsent(entry.name(), entry.port());
            }
        }
        return held;
    }

    private static Map<String, Integer> inOrder(Map<String, Integer> held, List<String> names) {
        Map<String, Integer> ports = new LinkedHashMap<>();
        for (String name : names) {
            ports.put(name, held.get(name));
        }
        return ports;
    }

    /** A lane as the register knows it: its worktree's physical path, so every way of naming it finds its ports. */
    static String laneKey(Path lane) {
        Path absolute = lane.toAbsolutePath().normalize();
        try {
            return absolute.toRealPath().toString();
        } catch (IOException e) {
            return absolute.toString();
        }
    }

    static void requireOwned(Path path) throws IOException {
        try {
            SafePaths.requireOwned(path);
        } catch (QueueLockException e) {
            throw new IOException(e.getMessage(), e);
        }
    }
}
