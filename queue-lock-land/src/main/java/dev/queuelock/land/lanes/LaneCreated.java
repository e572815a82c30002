package dev.queuelock.land.lanes;

import dev.queuelock.repository.WorktreeInclude;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A lane just made ({@link LaneClaim}) and what it was given that git does not carry: the shared
 * paths linked into it, the files {@code .worktreeinclude} named copied into it, its named ports;
 * said in one line when it is made ({@link #summary}).
 */
public final class LaneCreated {

    /** More names than this in the line are counted, not listed: a pattern may match a whole tree. */
    static final int LISTED = 20;

    private final Lane lane;
    private final List<String> linked;
    private final List<String> copied;
    private final Map<String, Integer> ports;
    private final String portsProblem;

    /** @param copied the files copied; null when the main checkout has no {@code .worktreeinclude} */
    LaneCreated(Lane lane, List<String> linked, List<String> copied) {
        this(lane, linked, copied, Map.of(), null);
    }

    private LaneCreated(Lane lane, List<String> linked, List<String> copied, Map<String, Integer> ports, String portsProblem) {
        this.lane = lane;
        this.linked = List.copyOf(linked);
        this.copied = copied == null ? null : List.copyOf(copied);
        this.ports = ports;
        this.portsProblem = portsProblem;
    }

    LaneCreated withPorts(Map<String, Integer> given) {
        return new LaneCreated(lane, linked, copied, given, null);
    }

    LaneCreated withPortsProblem(String why) {
        return new LaneCreated(lane, linked, copied, Map.of(), why);
    }

    public Lane lane() {
        return lane;
    }

    public List<String> linked() {
        return linked;
    }

    /** The files copied from the main checkout, relative to it; empty also when nothing names any. */
    public List<String> copied() {
        return copied == null ? List.of() : copied;
    }

    /** The lane's named ports, by name, in the order the settings name them. */
    public Map<String, Integer> ports() {
        return ports;
    }

    /**
     * What the lane was given, for the line that says it was made: {@code ; linked .m2; copied from the
     * main checkout (.worktreeinclude): .env, config/local.properties; ports: http 20000, db 20001};
     * empty when it was given nothing and nothing names what to give.
     */
    public String summary() {
        StringBuilder line = new StringBuilder();
        if (!linked.isEmpty()) {
            line.append("; linked ").append(listed(linked));
        }
        if (copied != null) {
            line.append(copied.isEmpty() ? "; copied nothing: " + WorktreeInclude.FILE + " matches no git-ignored file the lane lacks"
                    : "; copied from the main checkout (" + WorktreeInclude.FILE + "): " + listed(copied));
        }
        if (!ports.isEmpty()) {
            List<String> given = new ArrayList<>();
            for (Map.Entry<String, Integer> port : ports.entrySet()) {
                given.add(port.getKey() + " " + port.getValue());
            }
            line.append("; ports: ").append(String.join(", ", given));
        }
        if (portsProblem != null) {
            line.append("; no named ports yet: ").append(portsProblem);
        }
        return line.toString();
    }

    private static String listed(List<String> names) {
        if (names.size() <= LISTED) {
            return String.join(", ", names);
        }
        return String.join(", ", names.subList(0, LISTED)) + " and " + (names.size() - LISTED) + " more";
    }
}
