package dev.queuelock.land.history;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.queuelock.land.base.Outcome;
import dev.queuelock.land.base.StateRecords;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * Reads one {@link LandRun} of {@code land-history.json} with the streaming parser
 * ({@link StateRecords}), field by field as the writer names them, its {@link BatchRecord} too.
 */
final class LandRunRecord {

    private String time;
    private String lane;
    private String branch;
    private String commit;
    private Outcome outcome;
    private long totalMs;
    private Map<String, Long> phases;
    private int retries;
    private BatchRecord batch;

    private LandRunRecord() {
    }

    /** The run whose object the parser is at ({@link StateRecords.Record}). */
    static LandRun read(JsonParser parser) throws IOException {
        LandRunRecord run = new LandRunRecord();
        StateRecords.fields(parser, name -> run.take(name, parser));
        return new LandRun(run.time, run.lane, run.branch, run.commit, run.outcome, run.totalMs, run.phases, run.retries, run.batch);
    }

    private boolean take(String name, JsonParser parser) throws IOException {
        switch (name) {
            case "time": time = StateRecords.text(parser); return true;
            case "lane": lane = StateRecords.text(parser); return true;
            case "branch": branch = StateRecords.text(parser); return true;
            case "commit": commit = StateRecords.text(parser); return true;
            case "outcome": outcome = Outcome.fromId(StateRecords.text(parser)); return true;
            case "totalMs": totalMs = StateRecords.number(parser); return true;
            case "phases": phases = StateRecords.numbers(parser); return true;
            case "retries": retries = (int) StateRecords.number(parser); return true;
            case "batch": batch = parser.currentToken() == JsonToken.VALUE_NULL ? null : Batch.read(parser); return true;
            default: return false;
        }
    }

    /** A {@link BatchRecord}'s fields as read so far. */
    private static final class Batch {
        private String id;
        private String leader;
        private List<String> members;
        private int checkRuns;
        private List<String> steps;

        static BatchRecord read(JsonParser parser) throws IOException {
            Batch batch = new Batch();
            StateRecords.fields(parser, name -> batch.take(name, parser));
            return new BatchRecord(batch.id, batch.leader, batch.members, batch.checkRuns, batch.steps);
        }

        private boolean take(String name, JsonParser parser) throws IOException {
            switch (name) {
                case "id": id = StateRecords.text(parser); return true;
                case "leader": leader = StateRecords.text(parser); return true;
                case "members": members = StateRecords.texts(parser); return true;
                case "checkRuns": checkRuns = (int) StateRecords.number(parser); return true;
                case "steps": steps = StateRecords.texts(parser); return true;
                default: return false;
            }
        }
    }
}
