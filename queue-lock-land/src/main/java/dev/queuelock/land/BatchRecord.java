package dev.queuelock.land;

import java.util.ArrayList;
import java.util.List;

/**
 * A batch as the landing history keeps it, on the run of each of its members: who led it, who was
 * in it (queue order), how many check runs it took and the bisection steps. Public fields: a JSON
 * record and nothing more.
 */
public final class BatchRecord {

    /** Unique per batch: {@code <epoch ms>-<leader pid>}. */
    public String id;
    public String leader;
    /** Member lanes in queue order, the leader first. */
    public List<String> members = new ArrayList<>();
    public int checkRuns;
    /** One line per check run, conflict and verdict, in order. */
    public List<String> steps = new ArrayList<>();
}
