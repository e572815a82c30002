package dev.queuelock.land.lanes;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.queuelock.file.SafePaths;
import dev.queuelock.land.Git;
import dev.queuelock.land.LandException;
import dev.queuelock.land.LandLog;
import dev.queuelock.land.Sha256;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Mirrors a lane's working tree (uncommitted changes included) onto the main checkout, where a
 * dev server is running, and puts it back exactly. Refuses when the main checkout has changes of
 * its own (restore could not tell them apart). Copies only what git would commit in the lane:
 * never ignored files, never {@code target/} build output, never the shared symlinks. Additive: a
 * file the lane deleted stays in the preview. What was written is kept in
 * {@code .git/queuelock/preview.json}, so restore removes exactly that and nothing else, and with
 * each file's fingerprint, so a file edited in the main checkout while the preview was shown is
 * left as it is, never reverted.
 */
public final class Preview {

    /** What a preview changed in the main checkout. Public fields: a JSON record, nothing more. */
    public static final class Manifest {
        public String lane;
        /** Tracked files overwritten (restored from git). */
        public List<String> overwritten = new ArrayList<>();
        /** Files that did not exist (deleted on restore). */
        public List<String> added = new ArrayList<>();
        /** Directories created, parents first (deleted on restore if empty). */
        public List<String> createdDirectories = new ArrayList<>();
        /** What each file written holds ({@link #fingerprint}); absent in manifests of older versions. */
        public Map<String, String> written = new LinkedHashMap<>();
    }

    // A manifest from a newer version (a field added) still restores.
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private final LaneLayout layout;
    private final LandLog log;

    public Preview(LaneLayout layout, LandLog log) {
        this.layout = layout;
        this.log = log;
    }

    private Path manifestFile() {
        return layout.commonDir().resolve("queuelock").resolve("preview.json");
    }

    /** Shows the lane at {@code laneDir} in the main checkout. */
    public Manifest show(Path laneDir) throws IOException {
        Path lane = LaneLayout.physical(laneDir);
        Path main = layout.mainCheckout();
        if (lane.equals(main)) {
            throw new LandException("preview runs from a lane's worktree and shows it in the main checkout " + main
                    + "; run it in the lane you want to see.");
        }
        if (Files.exists(manifestFile())) {
            throw new LandException("a preview is already shown in " + main + "; restore it first: mvn queuelock:preview"
                    + " -Dqueuelock.restore");
        }
        Git mainGit = layout.mainGit();
        String dirty = mainGit.output("status", "--porcelain");
        if (!dirty.isEmpty()) {
            throw new LandException("the main checkout " + main + " has changes of its own (" + dirty.lines().count()
                    + " path(s), see git status there); commit or stash them, then preview again. Nothing was copied.");
        }
        Set<String> trackedInMain = new HashSet<>(List.of(mainGit.output("ls-files", "-z").split("\0")));
        Manifest manifest = new Manifest();
        manifest.lane = lane.toString();
        List<String> skipped = new ArrayList<>();
        for (String path : new Git(lane).output("ls-files", "-z", "--cached", "--others", "--exclude-standard").split("\0")) {
            Path from = lane.resolve(path);
            if (path.isEmpty() || isBuildOutput(path) || layout.settings().symlinks().contains(path)
                    || !Files.exists(from, LinkOption.NOFOLLOW_LINKS) || Files.isDirectory(from, LinkOption.NOFOLLOW_LINKS)) {
                continue;
            }
            Path to = main.resolve(path);
            boolean exists = Files.exists(to, LinkOption.NOFOLLOW_LINKS);
            if (exists && !trackedInMain.contains(path)) {
                skipped.add(path); // an ignored file of the main checkout: restore could not bring it back
                continue;
            }
            if (exists && sameContent(from, to)) {
                continue;
            }
            createParents(main, to.getParent(), manifest);
            Files.copy(from, to, StandardCopyOption.REPLACE_EXISTING, LinkOption.NOFOLLOW_LINKS, StandardCopyOption.COPY_ATTRIBUTES);
            (exists ? manifest.overwritten : manifest.added).add(path);
            manifest.written.put(path, fingerprint(to));
        }
        save(manifest); // written before the log: a crash after the copy still leaves restore its list
        if (!skipped.isEmpty()) {
            log.warn("not copied (ignored files in the main checkout that restore could not bring back): " + skipped);
        }
        log.info("main checkout " + main + " now shows " + lane.getFileName() + ": " + manifest.overwritten.size()
                + " file(s) changed, " + manifest.added.size() + " added. Restore: mvn queuelock:preview -Dqueuelock.restore");
        return manifest;
    }

    /** Puts the main checkout back as it was before the preview; nothing to do if none is shown. */
    public boolean restore() throws IOException {
        Path file = manifestFile();
        if (!Files.exists(file)) {
            log.info("no preview is shown in " + layout.mainCheckout() + "; nothing to restore.");
            return false;
        }
        Manifest manifest = JSON.readValue(file.toFile(), Manifest.class);
        Path main = layout.mainCheckout();
        List<String> kept = new ArrayList<>();
        List<String> revert = new ArrayList<>();
        for (String path : manifest.overwritten) {
            (editedSince(main, path, manifest) ? kept : revert).add(path);
        }
        if (!revert.isEmpty()) {
            List<String> args = new ArrayList<>(List.of("checkout", "--"));
            args.addAll(revert);
            layout.mainGit().output(args.toArray(new String[0]));
        }
        int removed = 0;
        for (String path : manifest.added) {
            if (editedSince(main, path, manifest)) {
                kept.add(path);
            } else if (Files.deleteIfExists(main.resolve(path))) {
                removed++;
            }
        }
        List<String> dirs = new ArrayList<>(manifest.createdDirectories);
        java.util.Collections.reverse(dirs); // children first
        for (String dir : dirs) {
            Path d = main.resolve(dir);
            try (var entries = Files.list(d)) {
                if (entries.findAny().isEmpty()) {
                    Files.delete(d);
                }
            } catch (IOException e) {
                // gone already, or someone put files there since: keep it
            }
        }
        Files.delete(file);
        if (!kept.isEmpty()) {
            log.warn("edited in the main checkout while the preview was shown, so left as they are: " + kept
                    + " (git -C " + main + " diff shows them; git checkout -- <file> reverts one)");
        }
        log.info("main checkout " + main + " restored: " + revert.size() + " file(s) reverted, " + removed + " removed.");
        return true;
    }

    /**
     * Whether the file no longer holds what the preview wrote. A file gone counts as unedited
     * (restoring it loses nothing of anyone's), and so does one of an older manifest, which
     * recorded no fingerprints.
     */
    private static boolean editedSince(Path main, String path, Manifest manifest) throws IOException {
        String wrote = manifest.written.get(path);
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

    /** Maven's build output ({@code target/} of any module) is never mirrored, ignored or not. */
    static boolean isBuildOutput(String path) {
        for (String segment : path.split("/")) {
            if (segment.equals("target")) {
                return true;
            }
        }
        return false;
    }

    private static boolean sameContent(Path a, Path b) throws IOException {
        if (Files.isSymbolicLink(a) || Files.isSymbolicLink(b)) {
            return Files.isSymbolicLink(a) && Files.isSymbolicLink(b) && Files.readSymbolicLink(a).equals(Files.readSymbolicLink(b));
        }
        return Files.size(a) == Files.size(b) && java.util.Arrays.equals(Files.readAllBytes(a), Files.readAllBytes(b));
    }

    private static void createParents(Path main, Path dir, Manifest manifest) throws IOException {
        List<Path> missing = new ArrayList<>();
        for (Path d = dir; d != null && !d.equals(main) && !Files.exists(d, LinkOption.NOFOLLOW_LINKS); d = d.getParent()) {
            missing.add(0, d);
        }
        for (Path d : missing) {
            Files.createDirectory(d);
            manifest.createdDirectories.add(main.relativize(d).toString());
        }
    }

    private void save(Manifest manifest) throws IOException {
        Files.createDirectories(manifestFile().getParent());
        SafePaths.writeAtomically(manifestFile(), JSON.writeValueAsBytes(manifest));
    }
}
