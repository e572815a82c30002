package dev.queuelock.land.lanes;

import dev.queuelock.land.base.LandException;
import dev.queuelock.land.base.LandLog;
import dev.queuelock.land.base.StateEntry;
import dev.queuelock.land.git.Git;
import dev.queuelock.land.git.RepoContext;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Mirrors a lane's working tree (uncommitted changes included) onto the main checkout, where a
 * dev server is running, and puts it back exactly. Refuses when the main checkout has changes of
 * its own (restore could not tell them apart). Copies only what git would commit in the lane:
 * never ignored files, never {@code target/} build output, never the shared symlinks. A tracked
 * file the lane deleted (since it left the main checkout's history) is deleted in the preview too.
 * What was changed is kept in a {@link PreviewManifest}, so restore undoes exactly that and
 * nothing else, and with each written file's fingerprint, so a file edited in the main checkout
 * while the preview was shown, or a deleted one re-created there, is left as it is, never reverted.
 */
public final class Preview {

    private final LaneLayout layout;
    private final LandLog log;

    public Preview(LaneLayout layout, LandLog log) {
        this.layout = layout;
        this.log = log;
    }

    private Path manifestFile() {
        return StateEntry.PREVIEW.of(layout.commonDir());
    }

    /** Shows the lane at {@code laneDir} in the main checkout. */
    public PreviewManifest show(Path laneDir) throws IOException {
        Path lane = LaneLayout.physical(laneDir);
        Path main = layout.mainCheckout();
        if (lane.equals(main)) {
            throw new LandException("preview runs from a lane's worktree and shows it in the main checkout " + main
                    + "; run it in the lane you want to see.");
        }
        if (Files.exists(manifestFile())) {
            throw new LandException("a preview is already shown in " + main + "; restore it first: mvn queuelock:preview"
                    + " -Dqueuelock.preview.restore");
        }
        Git mainGit = layout.mainGit();
        int dirty = mainGit.files().changes().size();
        if (dirty > 0) {
            throw new LandException("the main checkout " + main + " has changes of its own (" + dirty
                    + " path(s), see git status there); commit or stash them, then preview again. Nothing was copied.");
        }
        Set<String> trackedInMain = new HashSet<>(mainGit.files().tracked());
        PreviewManifest manifest = new PreviewManifest();
        manifest.lane = lane.toString();
        Set<String> inLane = laneFiles(lane);
        // Deletions first: a file the lane turned into a directory (or the other way round) makes way.
        mirrorDeletions(lane, main, trackedInMain, inLane, manifest);
        copyLane(lane, main, inLane, trackedInMain, manifest);
        manifest.save(manifestFile()); // written before the log: a crash after the copy still leaves restore its list
        log.info("main checkout " + main + " now shows " + lane.getFileName() + ": " + manifest.overwritten.size()
                + " file(s) changed, " + manifest.added.size() + " added, " + manifest.deleted.size() + " deleted."
                + " Restore: mvn queuelock:preview -Dqueuelock.preview.restore");
        return manifest;
    }

    /** What git would commit in the lane: its tracked and unignored files that exist there. */
    private static Set<String> laneFiles(Path lane) {
        Set<String> files = new LinkedHashSet<>();
        for (String path : new Git(lane).files().committable()) {
            if (Files.exists(lane.resolve(path), LinkOption.NOFOLLOW_LINKS)) {
                files.add(path); // one listed as tracked but gone from the lane's working tree is a deletion
            }
        }
        return files;
    }

    /** Copies the lane's files that differ from the main checkout's. */
    private void copyLane(Path lane, Path main, Set<String> inLane, Set<String> trackedInMain, PreviewManifest manifest)
            throws IOException {
        List<String> skipped = new ArrayList<>();
        for (String path : inLane) {
            Path from = lane.resolve(path);
            if (isBuildOutput(path) || layout.settings().symlinks().contains(path) || Files.isDirectory(from, LinkOption.NOFOLLOW_LINKS)) {
                continue;
            }
            Path to = main.resolve(path);
            boolean exists = Files.exists(to, LinkOption.NOFOLLOW_LINKS);
            if (exists && !trackedInMain.contains(path)) {
                skipped.add(path); // an ignored file of the main checkout: restore could not bring it back
                continue;
            }
            if (exists && PreviewManifest.sameContent(from, to)) {
                continue;
            }
            createParents(main, to.getParent(), manifest);
            Files.copy(from, to, StandardCopyOption.REPLACE_EXISTING, LinkOption.NOFOLLOW_LINKS, StandardCopyOption.COPY_ATTRIBUTES);
            (exists ? manifest.overwritten : manifest.added).add(path);
            manifest.written.put(path, PreviewManifest.fingerprint(to));
        }
        if (!skipped.isEmpty()) {
            log.warn("not copied (ignored files in the main checkout that restore could not bring back): " + skipped);
        }
    }

    /**
     * Deletes in the main checkout the tracked files the lane deleted: those of the commit where the
     * lane left the main checkout's history that the lane no longer has. A file the main checkout
     * gained after that is not the lane's to delete.
     */
    private void mirrorDeletions(Path lane, Path main, Set<String> trackedInMain, Set<String> inLane, PreviewManifest manifest)
            throws IOException {
        Git mainGit = layout.mainGit();
        Optional<String> base = mainGit.refs().mergeBase("HEAD", new Git(lane).head());
        if (base.isEmpty()) {
            return; // no history in common: nothing the lane can be said to have deleted
        }
        for (String path : mainGit.files().at(base.get())) {
            Path file = main.resolve(path);
            if (inLane.contains(path) || !trackedInMain.contains(path) || isBuildOutput(path)
                    || !Files.exists(file, LinkOption.NOFOLLOW_LINKS) || Files.isDirectory(file, LinkOption.NOFOLLOW_LINKS)) {
                continue;
            }
            Files.delete(file);
            manifest.deleted.add(path);
            for (Path dir = file.getParent(); !dir.equals(main) && isEmptyDirectory(dir); dir = dir.getParent()) {
                Files.delete(dir); // git has no empty directories; restore's checkout makes them again
            }
        }
    }

    /** Puts the main checkout back as it was before the preview; nothing to do if none is shown. */
    public boolean restore() throws IOException {
        Path file = manifestFile();
        if (!Files.exists(file)) {
            log.info("no preview is shown in " + layout.mainCheckout() + "; nothing to restore.");
            return false;
        }
        PreviewManifest manifest = PreviewManifest.load(file);
        Path main = layout.mainCheckout();
        List<String> kept = new ArrayList<>();
        List<String> revert = new ArrayList<>();
        for (String path : manifest.overwritten) {
            (manifest.editedSince(main, path) ? kept : revert).add(path);
        }
        int removed = removeAdded(manifest, main, kept);
        removeCreatedDirectories(manifest, main);
        int reverted = revert.size();
        // After the removals: a file whose place the preview gave to a directory has it back.
        for (String path : manifest.deleted) {
            (Files.exists(main.resolve(path), LinkOption.NOFOLLOW_LINKS) ? kept : revert).add(path); // re-created meanwhile: theirs
        }
        if (!revert.isEmpty()) {
            layout.mainGit().files().restore(revert);
        }
        Files.delete(file);
        if (!kept.isEmpty()) {
            log.warn("edited (or re-created) in the main checkout while the preview was shown, so left as they are: " + kept
                    + " (git -C " + main + " diff shows them; git checkout -- <file> reverts one)");
        }
        log.info("main checkout " + main + " restored: " + reverted + " file(s) reverted, " + removed + " removed, "
                + (revert.size() - reverted) + " brought back.");
        return true;
    }

    /** Deletes the files the preview added, but not one edited since (kept); returns how many went. */
    private static int removeAdded(PreviewManifest manifest, Path main, List<String> kept) throws IOException {
        int removed = 0;
        for (String path : manifest.added) {
            if (manifest.editedSince(main, path)) {
                kept.add(path);
            } else if (Files.deleteIfExists(main.resolve(path))) {
                removed++;
            }
        }
        return removed;
    }

    /** Deletes the directories the preview made, children first, unless someone put files there since. */
    private static void removeCreatedDirectories(PreviewManifest manifest, Path main) throws IOException {
        List<String> dirs = new ArrayList<>(manifest.createdDirectories);
        java.util.Collections.reverse(dirs);
        for (String dir : dirs) {
            Path d = main.resolve(dir);
            if (Files.isDirectory(d, LinkOption.NOFOLLOW_LINKS) && isEmptyDirectory(d)) {
                Files.delete(d);
            }
        }
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

    private static boolean isEmptyDirectory(Path dir) throws IOException {
        try (var entries = Files.list(dir)) {
            return entries.findAny().isEmpty();
        }
    }

    private static void createParents(Path main, Path dir, PreviewManifest manifest) throws IOException {
        List<Path> missing = new ArrayList<>();
        for (Path d = dir; d != null && !d.equals(main) && !Files.exists(d, LinkOption.NOFOLLOW_LINKS); d = d.getParent()) {
            missing.add(0, d);
        }
        for (Path d : missing) {
            Files.createDirectory(d);
            manifest.createdDirectories.add(main.relativize(d).toString());
        }
    }
}
