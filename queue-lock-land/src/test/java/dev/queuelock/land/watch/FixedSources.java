package dev.queuelock.land.watch;

import dev.queuelock.QueueSnapshot;
import dev.queuelock.land.lanes.LaneState;
import dev.queuelock.build.slots.UsageHistory;
import dev.queuelock.spi.QueueChanges;
import dev.queuelock.land.disk.ReuseSummary;
import dev.queuelock.repository.StateFolder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** What a test gives the watch: the queues as given, the lanes as given, the repository's state from its common directory. */
final class FixedSources implements WatchSources {
    private final QueueSnapshot build;
    private final QueueSnapshot land;
    private final List<LaneState> lanes;
    private final Path common;

    FixedSources(QueueSnapshot build, QueueSnapshot land, List<LaneState> lanes, Path common) {
        this.build = build;
        this.land = land;
        this.lanes = lanes;
        this.common = common;
    }

    @Override
    public QueueSnapshot build() {
        return build;
    }

    @Override
    public QueueSnapshot land() {
        return land;
    }

    @Override
    public QueueChanges buildChanges(Runnable changed) {
        return QueueChanges.NONE;
    }

    @Override
    public QueueChanges landChanges(Runnable changed) {
        return QueueChanges.NONE;
    }

    /** Beside the given build queue's look, where the test wrote it. */
    @Override
    public Path usageHistory() {
        return build.location().resolve(UsageHistory.NAME);
    }

    @Override
    public List<LaneState> lanes() {
        return lanes;
    }

    /** As the watch's own sources read it, where the test made a store of modules' outputs (2048 MB cap); none elsewhere. */
    @Override
    public Optional<ReuseSummary> reuse() {
        if (common == null || !Files.isDirectory(StateFolder.of(common).resolve(StateFolder.REUSE))) {
            return Optional.empty();
        }
        try {
            return Optional.of(ReuseSummary.of(common, Instant.now(), 2048));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public Path commonDir() {
        return common;
    }
}
