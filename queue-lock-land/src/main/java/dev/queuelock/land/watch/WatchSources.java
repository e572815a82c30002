package dev.queuelock.land.watch;

import dev.queuelock.QueueSnapshot;
import dev.queuelock.land.disk.LaneDisks;
import dev.queuelock.land.disk.ReuseSummary;
import dev.queuelock.repository.changes.Overlap;
import dev.queuelock.land.lanes.LaneState;
import dev.queuelock.spi.QueueChanges;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Where the watch reads from: the two queues as status reads them, with their change events as
 * their backends report them (the watch has no idea where a queue lives), the lanes as lanes reads
 * them, and the repository's state.
 */
public interface WatchSources {

    QueueSnapshot build();

    QueueSnapshot land();

    /** Calls {@code changed}, on a thread of its backend's, whenever the build queue may have changed, until closed. */
    QueueChanges buildChanges(Runnable changed);

    /** Calls {@code changed}, on a thread of its backend's, whenever the land queue may have changed, until closed. */
    QueueChanges landChanges(Runnable changed);

    /** The build queue's usage history ({@code Queue#usageHistory()}): the builds the timeline shows and a usual build's length. */
    Path usageHistory();

    /** The lanes with their states; empty outside git. Runs git, so it is read less often than the queues. */
    List<LaneState> lanes();

    /** What {@code lanes} take on disk, as last counted (in the background: this never waits on a count); none if not known. */
    default LaneDisks disk(List<LaneState> lanes) {
        return LaneDisks.NONE;
    }

    /** What the store of modules' outputs holds and what reuse left unbuilt today and this week, as status says it; read with the lanes. */
    default Optional<ReuseSummary> reuse() {
        return Optional.empty();
    }

    /** Which of these lanes change the same files (the conflicts forecast); runs git, read with the lanes. */
    default List<Overlap> overlaps(List<LaneState> lanes) {
        return List.of();
    }

    /** The repository's git common directory; null outside git. */
    Path commonDir();
}
