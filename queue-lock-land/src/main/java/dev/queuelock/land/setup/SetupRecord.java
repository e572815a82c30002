package dev.queuelock.land.setup;

import dev.queuelock.file.SafePaths;
import dev.queuelock.land.base.Sha256;
import dev.queuelock.land.base.StateEntry;
import dev.queuelock.land.base.StateFiles;
import dev.queuelock.land.git.RepoContext;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@code init} changed, so {@code uninstall} can undo exactly that: each file's bytes before
 * the first init and a hash of what init last wrote, and the directories init created. Kept in the
 * git common dir ({@code .git/queuelock/setup.json}), never in the working tree. A file whose
 * content is no longer what init wrote was edited by hand since: uninstall does not restore it.
 */
public final class SetupRecord {

    /** One file init wrote. Public fields: a JSON record, nothing more. */
    public static final class Entry {
        /** Base64 of the file before the first init, or null if it did not exist. */
        public String before;
        /** POSIX permissions before, e.g. {@code rwxr-xr-x}, or null. */
        public String permissions;
        /** SHA-256 (hex) of what init last left in the file, or null if it deleted or moved it away. */
        public String written;
    }

    /** The record as stored. */
    public static final class Data {
        public Map<String, Entry> files = new LinkedHashMap<>();
        /** Directories init created, parents first. */
        public List<String> createdDirectories = new ArrayList<>();
    }

    private final Path file;
    private final Data data;
    private final Map<Path, byte[]> watched = new LinkedHashMap<>();
    private final Map<Path, String> watchedPermissions = new HashMap<>();
    private final List<Path> missingDirectories = new ArrayList<>();

    private SetupRecord(Path file, Data data) {
        this.file = file;
        this.data = data;
    }

    public static SetupRecord load(Path commonDir) throws IOException {
        Path file = StateEntry.SETUP.of(commonDir);
        Data data = Files.exists(file) ? StateFiles.read(file, Data.class) : new Data();
        return new SetupRecord(file, data);
    }

    public boolean exists() {
        return Files.exists(file);
    }

    public Data data() {
        return data;
    }

    /** Notes {@code paths} as they are now, before init may write them. */
    public void watch(Path... paths) throws IOException {
        for (Path path : paths) {
            Path p = path.toAbsolutePath().normalize();
            watched.put(p, read(p));
            watchedPermissions.put(p, permissions(p));
            for (Path d = p.getParent(); d != null && !Files.exists(d); d = d.getParent()) {
                missingDirectories.add(0, d);
            }
        }
    }

    /** Records what changed in the watched paths since {@link #watch}; saves if anything did. */
    public boolean settle() throws IOException {
        boolean changed = false;
        for (Map.Entry<Path, byte[]> w : watched.entrySet()) {
            byte[] now = read(w.getKey());
            if (java.util.Arrays.equals(now, w.getValue())) {
                continue;
            }
            changed = true;
            Entry entry = data.files.get(w.getKey().toString());
            if (entry == null) { // the first init that touched it: keep what the user had
                entry = new Entry();
                entry.before = w.getValue() == null ? null : Base64.getEncoder().encodeToString(w.getValue());
                entry.permissions = watchedPermissions.get(w.getKey());
                data.files.put(w.getKey().toString(), entry);
            }
            entry.written = now == null ? null : Sha256.hex(now);
        }
        for (Path d : missingDirectories) {
            if (Files.isDirectory(d) && !data.createdDirectories.contains(d.toString())) {
                data.createdDirectories.add(d.toString());
                changed = true;
            }
        }
        watched.clear();
        missingDirectories.clear();
        if (changed) {
            StateFiles.write(file, data);
        }
        return changed;
    }

    /** True if {@code path} holds exactly what init last left there. */
    public boolean untouchedSinceInit(Path path, Entry entry) throws IOException {
        byte[] now = read(path);
        return entry.written == null ? now == null : now != null && Sha256.hex(now).equals(entry.written);
    }

    /** Puts back the file as it was before the first init (deleting it if there was none). */
    public static void restore(Path path, Entry entry) throws IOException {
        if (entry.before == null) {
            Files.deleteIfExists(path);
            return;
        }
        Files.createDirectories(path.getParent());
        SafePaths.writeAtomically(path, Base64.getDecoder().decode(entry.before));
        if (entry.permissions != null) {
            Files.setPosixFilePermissions(path, PosixFilePermissions.fromString(entry.permissions));
        }
    }

    /** Deletes the directories init created that are empty now, children first. */
    public List<String> removeEmptyCreatedDirectories() {
        List<String> removed = new ArrayList<>();
        List<String> dirs = new ArrayList<>(data.createdDirectories);
        java.util.Collections.reverse(dirs);
        for (String dir : dirs) {
            Path d = Path.of(dir);
            try (var entries = Files.list(d)) {
                if (entries.findAny().isEmpty()) {
                    Files.delete(d);
                    removed.add(dir);
                }
            } catch (IOException e) {
                // gone already, or in use: keep it
            }
        }
        return removed;
    }

    /** Forgets the record (after uninstall). */
    public void delete() throws IOException {
        Files.deleteIfExists(file);
        try (var entries = Files.list(file.getParent())) {
            if (entries.findAny().isEmpty()) {
                Files.delete(file.getParent());
            }
        } catch (IOException e) {
            // the directory holds other queue-lock state (landing history): keep it
        }
    }

    static byte[] read(Path path) throws IOException {
        return Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS) ? Files.readAllBytes(path) : null;
    }

    private static String permissions(Path path) {
        try {
            return PosixFilePermissions.toString(Files.getPosixFilePermissions(path, LinkOption.NOFOLLOW_LINKS));
        } catch (IOException | UnsupportedOperationException e) {
            return null;
        }
    }
}
