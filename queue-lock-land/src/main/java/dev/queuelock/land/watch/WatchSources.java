package dev.queuelock.land.watch;

import dev.queuelock.QueueSnapshot;
import dev.queuelock.land.lanes.LaneState;
import java.nio.file.Path;
import java.util.List;

/** Where the watch reads from: the two queues as status reads them, the lanes as lanes reads them, and the repository's state. */
public interface WatchSources {

    QueueSnapshot build();

    QueueSnapshot land();

    /** The lanes with their states; empty outside git. Runs git, so it is read less often than the queues. */
    List<LaneState> lanes();

    /** The repository's git common directory; null outside git. */
    Path commonDir();
}
