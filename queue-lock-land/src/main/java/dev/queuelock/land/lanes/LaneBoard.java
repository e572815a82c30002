package dev.queuelock.land.lanes;

import dev.queuelock.land.history.LandHistory;
import dev.queuelock.repository.ports.PortRegistry;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
        List<Lane> lanes = layout.lanes();
        Map<Path, Map<String, Integer>> ports = namedPorts(lanes);
        for (Lane lane : lanes) {
            states.add(LaneState.of(lane, layout, integrationRef, keepers, landings, ports.getOrDefault(lane.path(), Map.of())));
        }
        return states;
    }

    /** The named ports the machine's register holds for the lanes, read once, none given: a look never takes a port. */
    private static Map<Path, Map<String, Integer>> namedPorts(List<Lane> lanes) {
        List<Path> paths = new ArrayList<>();
        lanes.forEach(lane -> paths.add(lane.path()));
        try {
            return PortRegistry.machine().held(paths);
        } catch (IOException e) {
            return Map.of(); // the register cannot be read: no named port is shown, none is claimed
        }
    }

    public LaneLayout layout() {
        return layout;
    }
}
