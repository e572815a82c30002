package dev.queuelock.land.lanes;

import dev.queuelock.Durations;
import dev.queuelock.land.base.DiskCount;
import dev.queuelock.land.base.FileTrees;
import dev.queuelock.land.base.LandLog;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * Drops the build output of lanes idle longer than {@link LaneUse#DROP_IDLE_OUTPUT}: every
 * {@code target/} directory beside a {@code pom.xml} in the lane (each module's, wherever the
 * reactor puts it), links never followed. A lane is judged as prune judges it ({@link LaneState#live},
 * {@link LaneKeepers}), and judged again by a fresh look right before its output goes, so a build
 * that started since the first look keeps it. The next build there compiles again: only output goes,
 * never a file git or the user keeps.
 */
final class IdleOutputs {

    /** Maven's build output directory, beside each module's {@code pom.xml}. */
    private static final String OUTPUT = "target";

    private final Duration after;
    private final Supplier<LaneKeepers> look;
    private final LandLog log;
    private long freedBytes;
    private final Set<Path> dropped = new HashSet<>();

    /** @param look a fresh look at who keeps which lane, as prune takes it */
    IdleOutputs(Duration after, Supplier<LaneKeepers> look, LandLog log) {
        this.after = after;
        this.look = look;
        this.log = log;
    }

    /** Drops the lane's build output if it has been idle long enough and nobody keeps it, now; says what went or why it stays. */
    void drop(LaneState state) {
        Lane lane = state.lane();
        if (!state.live() && state.idle().compareTo(after) < 0) {
            return; // worked in lately: its output is what its next build needs
        }
        List<Path> outputs = outputs(lane.path());
        if (outputs.isEmpty()) {
            return;
        }
        Optional<String> keeper = state.live() ? state.inUseBecause() : look.get().keeper(lane); // judged again now
        if (keeper.isPresent()) {
            log.info("kept the build output of " + lane + ": in use (" + keeper.get() + ")");
            return;
        }
        long freed = 0;
        List<String> failed = new ArrayList<>();
        for (Path output : outputs) {
            long before = DiskCount.of(output, Long.MAX_VALUE).bytes();
            try {
                FileTrees.delete(output);
            } catch (IOException e) {
                failed.add(lane.path().relativize(output) + " (" + e.getMessage() + ")");
            }
            freed += before - DiskCount.of(output, Long.MAX_VALUE).bytes();
        }
        freedBytes += freed;
        dropped.add(lane.path());
        log.info("dropped the build output of " + lane + ", idle " + Durations.format(state.idle()) + " (" + LaneUse.DROP_IDLE_OUTPUT.name()
                + " " + Durations.format(after) + "): " + names(lane.path(), outputs) + ", freeing " + DiskCount.format(freed)
                + (failed.isEmpty() ? "" : "; could not delete all of " + String.join(", ", failed)));
    }

    /** The bytes dropped so far. */
    long freedBytes() {
        return freedBytes;
    }

    /** The lanes whose output was dropped so far. */
    int lanes() {
        return dropped.size();
    }

    /** Their paths: their sizes as last counted are no longer true. */
    Set<Path> dropped() {
        return Set.copyOf(dropped);
    }

    /** Every {@code target/} directory (not a link) beside a {@code pom.xml} in {@code lane}, outside {@code .git}. */
    static List<Path> outputs(Path lane) {
        List<Path> outputs = new ArrayList<>();
        try {
            Files.walkFileTree(lane, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                    String name = String.valueOf(dir.getFileName());
                    if (!dir.equals(lane) && (name.equals(".git") || name.equals(OUTPUT))) {
                        return FileVisitResult.SKIP_SUBTREE; // the output is dropped whole; git's files are not ours
                    }
                    Path output = dir.resolve(OUTPUT);
                    if (Files.isRegularFile(dir.resolve("pom.xml")) && Files.isDirectory(output, LinkOption.NOFOLLOW_LINKS)) {
                        outputs.add(output);
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    return FileVisitResult.CONTINUE; // unreadable or gone: nothing of it is dropped
                }
            });
        } catch (IOException e) {
            // what was found before is dropped; the rest stays
        }
        return outputs;
    }

    private static String names(Path lane, List<Path> outputs) {
        return outputs.stream().map(o -> lane.relativize(o).toString()).sorted().collect(Collectors.joining(", "));
    }
}
