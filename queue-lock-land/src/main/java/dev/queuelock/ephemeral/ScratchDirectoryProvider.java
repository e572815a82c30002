package dev.queuelock.ephemeral;

import dev.queuelock.file.SafePaths;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * The worked example: a private scratch directory per run, {@code <base>/scratch-<claim id>}.
 * Copy its shape for a database or a container: create named after the claim, destroy by what
 * was recorded, and refuse to destroy anything that is not plainly one of ours.
 */
public final class ScratchDirectoryProvider implements EphemeralResourceProvider<Path> {

    private static final String PREFIX = "scratch-";

    private final Path base;

    /** @param base where the scratch directories are made; created 0700 if missing, refused if not ours */
    public ScratchDirectoryProvider(Path base) {
        this.base = base.toAbsolutePath().normalize();
    }

    @Override
    public Path create(Claim claim) throws IOException {
        Files.createDirectories(base.getParent());
        SafePaths.ensureOwnDirectory(base);
        return Files.createDirectory(pathFor(claim),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    }

    @Override
    public String describe(Path resource) {
        return resource.toString();
    }

    @Override
    public void destroy(Path resource) throws IOException {
        deleteTree(resource);
    }

    /** Deletes the recorded directory, or the one named after the claim if none was recorded. */
    @Override
    public void destroyOrphan(Claim claim) throws IOException {
        Path dir = claim.resource().map(Path::of).orElse(pathFor(claim)).toAbsolutePath().normalize();
        // A claim file is only data: never let it point the delete anywhere but at one of our scratch dirs.
        if (!base.equals(dir.getParent()) || !dir.getFileName().toString().startsWith(PREFIX)) {
            throw new IOException("refusing to delete " + dir + ": not a scratch directory in " + base);
        }
        deleteTree(dir);
    }

    private Path pathFor(Claim claim) {
        return base.resolve(PREFIX + claim.id());
    }

    /** Deletes a tree without following links (a link is removed, never what it points to); gone is fine. */
    static void deleteTree(Path root) throws IOException {
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    Files.deleteIfExists(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
                    if (e instanceof NoSuchFileException) {
                        return FileVisitResult.CONTINUE; // another reaper got there first
                    }
                    throw e;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
                    if (e != null && !(e instanceof NoSuchFileException)) {
                        throw e;
                    }
                    Files.deleteIfExists(dir);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (NoSuchFileException gone) {
            // already destroyed
        }
    }
}
