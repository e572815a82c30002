package dev.queuelock.land.batch;

import dev.queuelock.land.base.LandException;
import dev.queuelock.land.base.LandLog;
import dev.queuelock.land.base.LandResult;
import dev.queuelock.land.base.Outcome;
import dev.queuelock.land.engine.Landing;
import dev.queuelock.land.engine.LandingEngine;
import dev.queuelock.land.engine.LandingResults;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A batch, landed by its leader: the engine lands the stack of the members' lanes
 * ({@link BatchAttempts}, in a scratch worktree), then the batch answers every other member and
 * concludes the leader's own lane, before the leader records them and releases the land queue. A
 * member the batch did not decide (it broke off, or stopped on an error) is freed to land on its
 * own, as after a leader that died.
 */
final class BatchLanding {

    private final Landing landing;
    private final BatchSeat seat;
    private final BatchRequest self;
    /** The leader's request first, then the lanes it took, in queue order: those that join while the checks run too. */
    private final List<BatchRequest> members;
    private final Gathering gathering;
    /** The checks side by side, as the watch shows them while they run. */
    private final ChecksShown shown;
    private final String id;
    private final LandLog log;
    private final BatchBoard board;
    private final long started = System.currentTimeMillis();

    private final BatchOptions options;
    private final ChecksAtOnce.Decision atLead;

    BatchLanding(Landing landing, BatchSeat seat, List<BatchRequest> taken, String id, BatchOptions options,
            ChecksAtOnce.Decision atLead, Gathering gathering) {
        this.gathering = gathering;
        this.landing = landing;
        this.options = options;
        this.atLead = atLead;
        this.seat = seat;
        this.self = seat.request();
        List<BatchRequest> all = new ArrayList<>(List.of(self));
        all.addAll(taken);
        this.members = all;
        this.id = id;
        this.log = landing.log();
        this.board = new BatchBoard(landing.repo().commonDir());
        this.shown = new ChecksShown(board, self);
    }

    /** Lands the batch; how it ended for the leader's lane and for each member it answered. */
    LandingResults land(LandingEngine engine) throws InterruptedException {
        log.info("batch " + id + ": landing " + members.size() + " lanes in queue order: " + String.join(", ", lanes()));
        try {
            return new ScratchWorktrees(landing.git(), board.directory())
                    .with(scratch -> conclude(engine.land(new BatchAttempts(landing, id, members, scratch, options, atLead,
                            this::join, shown))));
        } catch (IOException e) {
            freeUndecided();
            throw new LandException("cannot set up the batch's scratch worktree: " + e.getMessage()
                    + "; run land again (or with -D" + BatchOptions.BATCH.name() + "=1).");
        } catch (RuntimeException | InterruptedException e) {
            freeUndecided();
            throw e;
        } finally {
            shown.withdraw();
        }
    }

    /** Takes the next lander that queued while the checks run into this batch, if it has room. */
    private Optional<BatchRequest> join() {
        Optional<BatchRequest> joined = gathering.join(self, id, members);
        joined.ifPresent(members::add);
        return joined;
    }

    /** Answers the members, then concludes the leader's own lane: its branch moves to its landed commit, or it is told why not. */
    private LandingResults conclude(BatchStep last) {
        List<LandingResults.Member> answered = answer(last);
        LandResult own = last.isBrokeOff() ? last.ended().orElseThrow() : seat.conclude(verdictOf(self, last), landing);
        return LandingResults.batch(own, last.record(id, self.lane, lanes()), answered);
    }

    /** Tells each member its verdict and returns them, to record; one not decided in a batch that broke off is freed. */
    private List<LandingResults.Member> answer(BatchStep last) {
        List<LandingResults.Member> answered = new ArrayList<>();
        for (BatchRequest member : members.subList(1, members.size())) {
            if (last.isBrokeOff() && last.verdict(member).isEmpty()) {
                board.withdrawVerdict(member); // not decided: free it to land on its own
                continue;
            }
            BatchVerdict verdict = verdictOf(member, last);
            try {
                board.answer(verdict);
            } catch (IOException e) {
                log.warn("could not tell " + member.lane + " its outcome (" + e.getMessage() + "); it will land on its own");
            }
            answered.add(new LandingResults.Member(member.lane, member.branch, member.ts, Math.max(0, started - member.ts),
                    LandResult.of(verdict.outcome(), verdict.commit, verdict.message)));
        }
        return answered;
    }

    /** The decided verdict; a member never decided in a batch that went through was dropped: its lander was gone. */
    private BatchVerdict verdictOf(BatchRequest member, BatchStep last) {
        return last.verdict(member).orElseGet(() -> BatchVerdict.taken(member, id, self.lane)
                .decided(Outcome.ERROR, null, null, null, "its lander was gone"));
    }

    /** After an error: every member still only taken is freed (one answered already keeps its answer). */
    private void freeUndecided() {
        members.subList(1, members.size()).forEach(board::withdrawTaken);
    }

    private List<String> lanes() {
        return CandidateStack.lanes(members);
    }
}
