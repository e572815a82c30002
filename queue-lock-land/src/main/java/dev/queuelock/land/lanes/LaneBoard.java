package dev.queuelock.land.lanes;

import java.util.ArrayList;
import java.util.List;

/** Every lane of a repository with its state, in number order: what status and prune look at. */
public final class LaneBoard {

    private final LaneLayout layout;
    private final String integrationRef;

    /** @param integrationRef the ref lanes land on, e.g. {@code refs/remotes/origin/main} */
    public LaneBoard(LaneLayout layout, String integrationRef) {
        this.layout = layout;
        this.integrationRef = integrationRef;
    }

    public List<LaneState> states() {
        return states(LiveProcesses.now(layout.settings().use()));
    }

    /** @param processes who works where, from one look */
    public List<LaneState> states(LiveProcesses processes) {
        List<LaneState> states = new ArrayList<>();
        for (Lane lane : layout.lanes()) {
            states.add(LaneState.of(lane, layout, integrationRef, processes));
        }
        return states;
    }

    public LaneLayout layout() {
        return layout;
    }
}
