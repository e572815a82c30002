package dev.queuelock.land.history;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.queuelock.land.base.Outcome;
import dev.queuelock.land.base.Phase;
import dev.queuelock.land.base.StateFiles;
import dev.queuelock.land.base.StateRecords;
import java.io.IOException;
import java.util.Optional;

/**
 * One line of the activity file ({@link Activity}): a lane's landing started a phase
 * ({@code {"ts","lane","phase"}}), or ended ({@code {"ts","lane","outcome","reason","test"}}). Read
 * and written here only, for landers and the watch.
 */
public final class ActivityLine {

    private final long ts;
    private final String lane;
    /** The phase a phase line starts; null for an end, or for a phase this version does not know. */
    private final Phase phase;
    private final boolean startsPhase;
    /** How an end ended; null for a phase line. */
    private final Outcome outcome;
    private final String reason;
    private final String test;

    private ActivityLine(long ts, String lane, boolean startsPhase, Phase phase, Outcome outcome, String reason, String test) {
        this.ts = ts;
        this.lane = lane;
        this.startsPhase = startsPhase;
        this.phase = phase;
        this.outcome = outcome;
        this.reason = reason == null ? "" : reason;
        this.test = test;
    }

    /** {@code lane}'s landing starts {@code phase} at {@code ts}. */
    static ActivityLine phase(String lane, Phase phase, long ts) {
        return new ActivityLine(ts, lane, true, phase, null, null, null);
    }

    /** {@code lane}'s landing ended at {@code ts}: how, why, and the first failing test if a check failed (or null). */
    static ActivityLine ended(String lane, Outcome outcome, String reason, String test, long ts) {
        return new ActivityLine(ts, lane, false, null, outcome, reason, test);
    }

    /** When (epoch ms). */
    public long ts() {
        return ts;
    }

    public String lane() {
        return lane;
    }

    /** Whether the line starts a phase (which {@link #phase()} names, if this version knows it). */
    public boolean startsPhase() {
        return startsPhase;
    }

    /** The phase this line starts; empty for an end, or a phase this version does not know. */
    public Optional<Phase> phase() {
        return Optional.ofNullable(phase);
    }

    /** How the landing ended, if this line is its end. */
    public Optional<Outcome> outcome() {
        return Optional.ofNullable(outcome);
    }

    /** Why it ended so; empty if no reason was given. */
    public String reason() {
        return reason;
    }

    /** The first failing test of the checks that refused it, or null. */
    public String test() {
        return test;
    }

    /** The line as written, without its line end. */
    String json() throws IOException {
        ObjectNode line = StateFiles.json().createObjectNode();
        line.put("ts", ts).put("lane", lane);
        if (startsPhase) {
            line.put("phase", phase == null ? null : phase.id());
        } else {
            line.put("outcome", outcome.id()).put("reason", reason).put("test", test);
        }
        return StateFiles.json().writer().without(SerializationFeature.INDENT_OUTPUT).writeValueAsString(line); // one line
    }

    /** The line {@code text} holds, or empty if it is not one (torn, foreign, without a time or lane). */
    static Optional<ActivityLine> read(String text) {
        try {
            Fields f = StateRecords.readOne(text, parser -> {
                Fields fields = new Fields();
                StateRecords.fields(parser, name -> fields.take(name, parser));
                return fields;
            });
            return f.ts == 0 || f.lane == null || (f.outcome == null && !f.isPhase) ? Optional.empty()
                    : Optional.of(new ActivityLine(f.ts, f.lane, f.isPhase, f.phase, f.outcome, f.reason, f.test));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** The fields as read so far, by the names {@link #json} gives them. */
    private static final class Fields {
        long ts;
        String lane;
        boolean isPhase;
        Phase phase;
        Outcome outcome;
        String reason;
        String test;

        boolean take(String name, JsonParser parser) throws IOException {
            switch (name) {
                case "ts": ts = StateRecords.number(parser); return true;
                case "lane": lane = StateRecords.text(parser); return true;
                case "phase": isPhase = true; phase = Phase.fromId(StateRecords.text(parser)).orElse(null); return true;
                case "outcome": outcome = Outcome.fromId(StateRecords.text(parser)); return true;
                case "reason": reason = StateRecords.text(parser); return true;
                case "test": test = StateRecords.text(parser); return true;
                default: return false;
            }
        }
    }
}
