package dev.queuelock.land.disk;

import dev.queuelock.land.base.DiskCount;
import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The free space of one file system, and which of the places lanes use live on it. */
public final class FreeSpace {

    private final String fileSystem;
    private final List<String> places;
    private final long usableBytes;

    private FreeSpace(String fileSystem, List<String> places, long usableBytes) {
        this.fileSystem = fileSystem;
        this.places = places;
        this.usableBytes = usableBytes;
    }

    /** @param places what lives where, e.g. {@code the lanes} → the directory beside the main checkout, in the order to name them */
    static List<FreeSpace> of(Map<String, Path> places) {
        Map<FileStore, List<String>> byStore = new LinkedHashMap<>();
        for (Map.Entry<String, Path> place : places.entrySet()) {
            try {
                byStore.computeIfAbsent(Files.getFileStore(existing(place.getValue())), s -> new ArrayList<>()).add(place.getKey());
            } catch (IOException e) {
                // not there (a local repository never used): nothing to say of it
            }
        }
        List<FreeSpace> free = new ArrayList<>();
        byStore.forEach((store, names) -> {
            try {
                free.add(new FreeSpace(store.toString(), List.copyOf(names), store.getUsableSpace()));
            } catch (IOException e) {
                // a file system that cannot say is not named
            }
        });
        return free;
    }

    /** The nearest directory of {@code path} that exists. */
    private static Path existing(Path path) {
        Path p = path.toAbsolutePath();
        while (p != null && !Files.exists(p)) {
            p = p.getParent();
        }
        return p == null ? path : p;
    }

    /** As the JDK names it, e.g. {@code / (/dev/sda1)}. */
    public String fileSystem() {
        return fileSystem;
    }

    /** What lives there, e.g. {@code the lanes}, {@code the local repository}. */
    public List<String> places() {
        return places;
    }

    /** Bytes this user can still write there. */
    public long usableBytes() {
        return usableBytes;
    }

    /** {@code 41.2 GB free on / (/dev/sda1): the lanes, the local repository}. */
    public String text() {
        return DiskCount.format(usableBytes) + " free on " + fileSystem + ": " + String.join(", ", places);
    }
}
