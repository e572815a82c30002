package dev.queuelock.land.base;

import dev.queuelock.repository.FreeableNote;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * The bytes of a directory tree, and of the build output in it (every {@code target/} directory,
 * at any depth): symlinks are not followed, so a path shared into a lane is counted where it lives.
 * Counting stops at a deadline, so a look at a large tree costs what the caller allows: what was
 * counted by then is a lower bound, and {@link #complete()} says so.
 */
public final class DiskCount {

    /** Build output: Maven's {@code target/} of the project and of each module. */
    private static final String OUTPUT = "target";

    private final long bytes;
    private final long outputBytes;
    private final boolean complete;

    public DiskCount(long bytes, long outputBytes, boolean complete) {
        this.bytes = bytes;
        this.outputBytes = outputBytes;
        this.complete = complete;
    }

    /** Nothing: a tree that is not there. */
    public static DiskCount none() {
        return new DiskCount(0, 0, true);
    }

    /** Counts {@code dir} until {@code deadlineMillis} (epoch ms; {@code Long.MAX_VALUE}: to the end). */
    public static DiskCount of(Path dir, long deadlineMillis) {
        if (!Files.isDirectory(dir)) {
            return none();
        }
        long[] sums = new long[2];
        boolean[] cut = {false};
        try {
            Files.walkFileTree(dir, new SimpleFileVisitor<>() {
                private int inOutput;

                @Override
                public FileVisitResult preVisitDirectory(Path d, BasicFileAttributes attrs) {
                    if (System.currentTimeMillis() > deadlineMillis) {
                        cut[0] = true;
                        return FileVisitResult.TERMINATE;
                    }
                    if (inOutput > 0 || OUTPUT.equals(String.valueOf(d.getFileName())) && !d.equals(dir)) {
                        inOutput++;
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                    sums[0] += attrs.size();
                    if (inOutput > 0) {
                        sums[1] += attrs.size();
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    return FileVisitResult.CONTINUE; // removed while counted: a build cleans up
                }

                @Override
                public FileVisitResult postVisitDirectory(Path d, IOException e) {
                    if (inOutput > 0) {
                        inOutput--;
                    }
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (NoSuchFileException e) {
            return none(); // gone while counted
        } catch (IOException e) {
            cut[0] = true; // what could not be read is not counted: a lower bound
        }
        return new DiskCount(sums[0], sums[1], !cut[0]);
    }

    /** This and {@code other} together. */
    public DiskCount plus(DiskCount other) {
        return new DiskCount(bytes + other.bytes, outputBytes + other.outputBytes, complete && other.complete);
    }

    /** Every file's bytes (build output included). */
    public long bytes() {
        return bytes;
    }

    /** The bytes under {@code target/} directories. */
    public long outputBytes() {
        return outputBytes;
    }

    /** Whether all of it was counted; false: counting stopped (the deadline, an unreadable directory), the numbers are at least this. */
    public boolean complete() {
        return complete;
    }

    /** As people read sizes: {@code 340 kB}, {@code 12.4 MB}, {@code 3.1 GB} (decimal units, as df -H). */
    public static String format(long bytes) {
        return FreeableNote.bytes(bytes); // one formatter, which a lane's build uses too
    }
}
