package dev.queuelock.land.batch;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A leader's checks side by side as {@code watch} shows them, over every round of its landing:
 * published on the batch board ({@link ChecksUnderWay}) each time a check starts or ends, and
 * withdrawn when the landing ends. A note that cannot be written costs the watch a line, not the landing.
 */
final class ChecksShown {

    private final BatchBoard board;
    private final BatchRequest leader;
    /** How each check stands, by what it checks ({@code lane-3 on lane-1+lane-2}), in the order they started. */
    private final Map<String, String> states = new LinkedHashMap<>();

    ChecksShown(BatchBoard board, BatchRequest leader) {
        this.board = board;
        this.leader = leader;
    }

    /** @param state {@code checking}, {@code passed}, {@code failed} or {@code dropped} */
    synchronized void said(String check, String state) {
        states.remove(check); // a check run again (after a push rejected) shows where it now stands in the order
        states.put(check, state);
        List<String> lines = new ArrayList<>();
        states.forEach((what, how) -> lines.add(what + ": " + how));
        try {
            board.publishChecks(new ChecksUnderWay(leader.pid, leader.start, leader.lane, lines));
        } catch (IOException e) {
            // the watch shows less; the landing goes on
        }
    }

    void withdraw() {
        board.withdrawChecks(leader);
    }
}
