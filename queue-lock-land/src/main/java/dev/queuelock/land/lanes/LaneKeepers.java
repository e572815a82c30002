package dev.queuelock.land.lanes;

import dev.queuelock.process.Occupant;
import java.util.List;
import java.util.Optional;

/**
 * Who keeps which lane, from one look: a record naming it ({@link LaneRecords}: a build or a lander,
 * wherever its process works) or a process working in it ({@link LiveProcesses}). Where either
 * cannot be told, every lane is kept and the reason is given.
 */
final class LaneKeepers {

    private final LiveProcesses processes;
    private final LaneRecords records;

    LaneKeepers(LiveProcesses processes, LaneRecords records) {
        this.processes = processes;
        this.records = records;
    }

    /** Why the lane is in use, e.g. {@code Maven run java (pid 4242)}; empty if nobody keeps it. */
    Optional<String> keeper(Lane lane) {
        return records.naming(lane).or(() -> processes.keeper(lane.path())).or(records::unknownBecause);
    }

    /** The processes in the lane that do not keep it. */
    List<Occupant> bystanders(Lane lane) {
        return processes.bystanders(lane.path());
    }

    /** Why nobody can tell who works in the lanes (each is kept); empty if it can be told. */
    Optional<String> unknownBecause() {
        return processes.unknownBecause().or(records::unknownBecause);
    }
}
