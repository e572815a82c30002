package dev.queuelock.build.slots;

import java.util.List;

/**
 * The recent builds of a repository as {@code auto} weighs them: how many cores one build wants
 * while it holds a slot, and the largest peak memory among them.
 *
 * <p>A build's busy cores (CPU / wall) are what it wanted when it had cores to spare. But a build
 * that ran beside others of this repository while together they kept the machine's cores busy got
 * a share, not what it wanted: counted at its measured share, builds admitted too many at once
 * (a fixed number set too high, a history of unlimited builds) would look light and keep too many
 * admitted. Such a build is counted busier: what the group kept busy shared among one build
 * fewer than ran (at least its own busy cores). If {@code n} builds filled the cores, the next
 * decision admits about {@code n - 1}, and builds that then have cores to spare are counted as
 * measured again.
 *
 * <p>The same holds for a build that ran beside anyone's work: where the load average as it ended
 * was above the cores, every runnable task got {@code cores / load} of a core, so it wanted its
 * busy cores times {@code load / cores} (at most all the cores). 0.26 cores busy at load 8 on 2
 * cores is a build that wanted 1.04. Builds recorded without a load are counted as measured.
 */
final class RecentBuilds {

    /** Builds of this repository running together "filled the cores" from this share of them on: {@value}. */
    static final double FILLED = 0.9;

    private final int count;
    private final double coresWanted;
    private final long peakBytes;
    private final int countedBusier;

    private RecentBuilds(int count, double coresWanted, long peakBytes, int countedBusier) {
        this.count = count;
        this.coresWanted = coresWanted;
        this.peakBytes = peakBytes;
        this.countedBusier = countedBusier;
    }

    /** The kernel's one-minute load average decays with this time constant: 60 s. */
    static final double LOAD_DECAY_MILLIS = 60_000;

    static RecentBuilds of(List<BuildUsage> builds, int cores) {
        double weightedCores = 0;
        long totalWall = 0;
        long peak = 0;
        int busier = 0;
        for (BuildUsage build : builds) {
            double wanted = coresWanted(build, builds, cores);
            if (wanted > build.coresBusy()) {
                busier++;
            }
            weightedCores += wanted * build.wallMillis();
            totalWall += build.wallMillis();
            peak = Math.max(peak, build.peakBytes());
        }
        return new RecentBuilds(builds.size(), totalWall == 0 ? 0 : weightedCores / totalWall, peak, busier);
    }

    /** The cores {@code build} wanted: its busy cores, or more if it shared full cores with ours or anyone's work. */
    private static double coresWanted(BuildUsage build, List<BuildUsage> all, int cores) {
        return Math.max(sharedWithOurs(build, all, cores), sharedWithAnyone(build, cores));
    }

    /** Busy cores times {@code load / cores} where the load was above the cores, at most all of them. */
    static double sharedWithAnyone(BuildUsage build, int cores) {
        double busy = build.coresBusy();
        if (build.load() <= cores) {
            return busy;
        }
        return Math.max(busy, Math.min(cores, busy * build.load() / cores));
    }

    /**
     * What our ended builds still add to the one-minute load average at {@code nowMillis}: each
     * build's wanted cores over its hold, decayed as the kernel decays it. Without it a build that
     * just ended would read as someone else's work for a minute after it gave its slot back.
     */
    static double lingeringLoad(List<BuildUsage> builds, int cores, long nowMillis) {
        double load = 0;
        for (BuildUsage build : builds) {
            long end = build.endEpochMillis();
            if (end > nowMillis) {
                continue; // still running by its record: a holder, counted as one
            }
            load += coresWanted(build, builds, cores) * (Math.exp(-(nowMillis - end) / LOAD_DECAY_MILLIS)
                    - Math.exp(-(nowMillis - build.startEpochMillis()) / LOAD_DECAY_MILLIS));
        }
        return load;
    }

    private static double sharedWithOurs(BuildUsage build, List<BuildUsage> all, int cores) {
        double wall = build.wallMillis();
        double together = 1;
        double groupBusy = build.coresBusy();
        for (BuildUsage other : all) {
            if (other == build) {
                continue;
            }
            long overlap = Math.min(build.endEpochMillis(), other.endEpochMillis())
                    - Math.max(build.startEpochMillis(), other.startEpochMillis());
            if (overlap > 0) {
                together += overlap / wall;
                groupBusy += other.coresBusy() * overlap / wall;
            }
        }
        if (together < 1.5 || groupBusy < FILLED * cores) {
            return build.coresBusy();
        }
        return Math.max(build.coresBusy(), groupBusy / Math.max(1, together - 1));
    }

    /** How many builds were weighed. */
    int count() {
        return count;
    }

    /** The cores one build wants, averaged over the builds weighted by how long each held its slot. */
    double coresWanted() {
        return coresWanted;
    }

    /** The largest peak memory among them, in bytes. */
    long peakBytes() {
        return peakBytes;
    }

    /** How many were counted busier than measured. */
    int countedBusier() {
        return countedBusier;
    }
}
