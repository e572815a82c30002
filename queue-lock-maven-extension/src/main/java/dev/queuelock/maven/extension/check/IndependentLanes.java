package dev.queuelock.maven.extension.check;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * Whether a lane checked on top of others needs them: where neither side's changes may alter the
 * build, the lanes ahead test or build none of the modules the lane's changes reach, and the lane
 * tests or builds none of the modules theirs reach, the lane's check on main alone stands for its
 * check on top of them. Then only the lane's own modules are checked: their sources are the same
 * on main as on top of the lanes ahead. Where the analysis cannot tell, it is not independent.
 */
final class IndependentLanes {

    /** The plan line that says so. */
    static final String STANDS = "independent of the lanes ahead (no module of theirs is built by or tests its changes,"
            + " and none of its is by theirs): its check on main stands";

    private IndependentLanes() {
    }

    /** The lane's own plan if it is independent of the lanes ahead; null if it is not, or if that cannot be told. */
    static CheckPlan ownPlanIfIndependent(Path root, List<String> own, List<String> ahead, List<ReactorModule> modules) {
        if (own.isEmpty() || ahead.isEmpty()) {
            return null;
        }
        CheckPlan lane = AffectedModules.plan(root, own, modules);
        CheckPlan lanesAhead = AffectedModules.plan(root, ahead, modules);
        if (lane.isFull() || lanesAhead.isFull()) {
            return null;
        }
        if (meet(lane.tested(), lanesAhead.kept()) || meet(lanesAhead.tested(), lane.kept())) {
            return null;
        }
        return lane.standingOnMain(STANDS);
    }

    private static boolean meet(Set<String> a, Set<String> b) {
        for (String id : a) {
            if (b.contains(id)) {
                return true;
            }
        }
        return false;
    }
}
