package dev.queuelock.land.lanes;

import dev.queuelock.land.history.LandHistory;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/** Every lane of a repository with its state, in number order: what status and prune look at. */
public final class LaneBoard {

    private final LaneLayout layout;
    private final String integrationRef;
    private final Supplier<LaneRecords> records;

    /**
     * @param integrationRef the ref lanes land on, e.g. {@code refs/remotes/origin/main}
     * @param records        a fresh look at the records naming lanes (the queues, the landings), at each look
     */
    public LaneBoard(LaneLayout layout, String integrationRef, Supplier<LaneRecords> records) {
        this.layout = layout;
        this.integrationRef = integrationRef;
        this.records = records;
    }

    public List<LaneState> states() {
        return states(look());
    }

    /** Who keeps which lane, now. */
    LaneKeepers look() {
        return new LaneKeepers(LiveProcesses.now(layout.settings().use()), records.get());
    }

    /** @param keepers who works where, from one look */
    List<LaneState> states(LaneKeepers keepers) {
        List<LaneState> states = new ArrayList<>();
        LaneLandings landings = new LaneLandings(new LandHistory(layout.commonDir()).read());
        for (Lane lane : layout.lanes()) {
            states.add(LaneState.of(lane, layout, integrationRef, keepers, landings));
        }
        return states;
    }

    public LaneLayout layout() {
        return layout;
    }
}
