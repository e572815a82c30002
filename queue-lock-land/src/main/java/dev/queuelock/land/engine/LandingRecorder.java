package dev.queuelock.land.engine;

import dev.queuelock.land.base.Phase;
import dev.queuelock.land.history.LandHistory;
import dev.queuelock.land.history.LandRun;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The landing history's records of one landing, made here and only here: this lander's own lane's
 * run, then a batch's other members' (answered by the batch already), appended in one replacement
 * of the history file while the land queue is still held.
 */
final class LandingRecorder {

    private final Landing landing;
    private final long started;

    /** @param started when the land command began (epoch ms: its process's start where known), for the run's total time */
    LandingRecorder(Landing landing, long started) {
        this.landing = landing;
        this.started = started;
    }

    /** This lane's record, not appended: a batch leader that landed (or refused) it recorded it already. */
    LandRun ownRun(LandingResults results) {
        return LandRun.of(landing.lane().name(), landing.lane().branch(), results.own(), System.currentTimeMillis() - started,
                landing.clock().phases(), landing.clock().retries(), results.batch().orElse(null));
    }

    /** Appends the records of every lane this landing decided; returns this lane's. */
    LandRun record(LandingResults results) {
        LandRun own = ownRun(results);
        List<LandRun> runs = new ArrayList<>(List.of(own));
        results.members().forEach(member -> runs.add(memberRun(member, own)));
        try {
            new LandHistory(landing.repo().commonDir()).appendAll(runs);
        } catch (IOException e) {
            landing.log().warn("could not record this run in the landing history: " + e.getMessage());
        }
        return own;
    }

    /**
     * A member's run: its own queue wait and total, the batch's phases from the fetch on, and its
     * retries. Its start-up was its own process's, which the leader cannot see: the run counts from
     * its queueing.
     */
    private static LandRun memberRun(LandingResults.Member member, LandRun own) {
        Map<String, Long> phases = new LinkedHashMap<>();
        phases.put(Phase.QUEUE_WAIT.id(), member.queueWaitMs);
        for (Phase phase : Phase.values()) {
            if (phase.ordinal() > Phase.QUEUE_WAIT.ordinal() && own.phases.containsKey(phase.id())) {
                phases.put(phase.id(), own.phases.get(phase.id()));
            }
        }
        return LandRun.of(member.lane, member.branch, member.result, System.currentTimeMillis() - member.queuedAt, phases,
                own.retries, own.batch);
    }
}
