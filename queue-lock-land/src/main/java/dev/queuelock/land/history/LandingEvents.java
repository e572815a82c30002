package dev.queuelock.land.history;

import dev.queuelock.land.base.LandResult;
import dev.queuelock.land.base.Outcome;
import dev.queuelock.land.base.Phase;
import dev.queuelock.land.notify.Notifier;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a lander tells beyond its own log, as it happens: each phase and each end into the
 * {@link Activity} (the watch's timeline), and each end to the {@link Notifier}. Fired by the
 * lander itself, so a landing is reported whether or not anyone watches.
 */
public final class LandingEvents {

    private final Activity activity;
    private final Notifier notifier;

    public LandingEvents(Activity activity, Notifier notifier) {
        this.activity = activity;
        this.notifier = notifier;
    }

    public void phase(String lane, Phase phase) {
        activity.phase(lane, phase);
    }

    /** A lane's landing ended: recorded, and {@code landed} or {@code refused} sent (nothing to land is no news). */
    public void ended(String lane, String branch, LandResult result) {
        String reason = firstLine(result.message());
        String test = result.outcome() == Outcome.CHECK_FAILED ? Activity.failingTest(result.message()) : null;
        activity.ended(lane, result.outcome(), reason, test);
        if (result.outcome() == Outcome.NOTHING_TO_LAND) {
            return;
        }
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("lane", lane);
        fields.put("branch", branch);
        fields.put("outcome", result.outcome().id());
        fields.put("commit", result.commit());
        fields.put("reason", result.succeeded() ? null : reason);
        fields.put("test", test);
        fields.put("message", result.message());
        notifier.send(result.outcome() == Outcome.LANDED ? "landed" : "refused", fields);
    }

    /** A landing whose lander died before it ended, found and recorded by another ({@link InterruptedLandings}): sent as {@code interrupted}. */
    public void interrupted(LandRun run, String message) {
        activity.ended(run.lane, run.outcome(), firstLine(message), null);
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("lane", run.lane);
        fields.put("branch", run.branch);
        fields.put("outcome", run.outcome().id());
        fields.put("reason", firstLine(message));
        fields.put("message", message);
        notifier.send(Outcome.INTERRUPTED.id(), fields);
    }

    private static String firstLine(String message) {
        if (message == null) {
            return null;
        }
        int end = message.indexOf('\n');
        String line = end < 0 ? message : message.substring(0, end);
        return line.endsWith(":") ? line.substring(0, line.length() - 1) : line;
    }
}
