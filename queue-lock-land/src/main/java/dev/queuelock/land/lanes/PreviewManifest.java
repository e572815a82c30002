package dev.queuelock.land.lanes;

import dev.queuelock.land.base.Sha256;
import dev.queuelock.land.base.StateFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a preview changed in the main checkout, kept in {@code .git/queuelock/preview.json} until
 * restore, so restore undoes exactly that. Public fields: a JSON record, nothing more; a manifest
 * of an older version (a field missing) or a newer one (a field added) still restores.
 */
public final class PreviewManifest {

    public String lane;
    /** Tracked files overwritten (restored from git). */
    public List<String> overwritten = new ArrayList<>();
    /** Files that did not exist (deleted on restore). */
    public List<String> added = new ArrayList<>();
    /** Tracked files the lane deleted, deleted here too (restored from git, unless re-created meanwhile). */
    public List<String> deleted = new ArrayList<>();
    /** Directories created, parents first (deleted on restore if empty). */
    public List<String> createdDirectories = new ArrayList<>();
    /** What each file written holds ({@link #fingerprint}); absent in manifests of older versions. */
    public Map<String, String> written = new LinkedHashMap<>();

    static PreviewManifest load(Path file) throws IOException {
        return StateFiles.read(file, PreviewManifest.class);
    }

    void save(Path file) throws IOException {
        StateFiles.write(file, this);
    }

    /**
     * Whether the file no longer holds what the preview wrote. A file gone counts as unedited
     * (restoring it loses nothing of anyone's), and so does one of an older manifest, which
     * recorded no fingerprints.
     */
    boolean editedSince(Path main, String path) throws IOException {
        String wrote = written.get(path);
        Path file = main.resolve(path);
        return wrote != null && Files.exists(file, LinkOption.NOFOLLOW_LINKS) && !wrote.equals(fingerprint(file));
    }

    /** A link's target, or the SHA-256 of a file's bytes. */
    static String fingerprint(Path file) throws IOException {
        if (Files.isSymbolicLink(file)) {
            return "link:" + Files.readSymbolicLink(file);
        }
        return "sha256:" + Sha256.hex(Files.readAllBytes(file));
    }

    static boolean sameContent(Path a, Path b) throws IOException {
        if (Files.isSymbolicLink(a) || Files.isSymbolicLink(b)) {
            return Files.isSymbolicLink(a) && Files.isSymbolicLink(b) && Files.readSymbolicLink(a).equals(Files.readSymbolicLink(b));
        }
        return Files.size(a) == Files.size(b) && java.util.Arrays.equals(Files.readAllBytes(a), Files.readAllBytes(b));
    }
}
