package dev.queuelock.land.watch;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Set;

/** The disk a lane's {@code target/} directories take (its own and its modules', down to a few levels). */
final class TargetDisk {

    /** How deep modules are looked for: {@code a/b/c/target}. */
    private static final int MODULE_DEPTH = 4;
    private static final Set<String> SKIPPED = Set.of(".git", "node_modules", "src", ".mvn");

    private TargetDisk() {
    }

    static long bytes(Path lane) {
        long[] total = {0};
        try {
            Files.walkFileTree(lane, new SimpleFileVisitor<>() {
                private int depth;
                private int inTarget;

                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                    String name = String.valueOf(dir.getFileName());
                    if (inTarget == 0 && !dir.equals(lane) && (SKIPPED.contains(name) || depth > MODULE_DEPTH)) {
                        return FileVisitResult.SKIP_SUBTREE;
                    }
                    depth++;
                    if (inTarget > 0 || name.equals("target")) {
                        inTarget++;
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                    if (inTarget > 0) {
                        total[0] += attrs.size();
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    return FileVisitResult.CONTINUE; // removed while walked: a build cleans up
                }

                @Override
                public FileVisitResult postVisitDirectory(Path dir, IOException e) {
                    depth--;
                    if (inTarget > 0) {
                        inTarget--;
                    }
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            // the lane went away: nothing counted
        }
        return total[0];
    }
}
