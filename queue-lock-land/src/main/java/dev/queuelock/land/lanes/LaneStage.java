package dev.queuelock.land.lanes;

import dev.queuelock.land.base.Outcome;
import dev.queuelock.land.history.LandRun;
import java.util.Locale;
import java.util.Optional;

/** What happened to a lane, in one word, as status, its JSON and the watch say it. */
public enum LaneStage {
    /** No commits past its start, no uncommitted work, never landed: just made, or not begun. */
    NEW,
    /** Commits not on the integration branch, or uncommitted work, and no refusal since. */
    WORKING,
    /** Its commits reached the integration branch, and nothing new is on it since. */
    LANDED,
    /** Its last landing was refused, and its commits are still not on the integration branch. */
    REFUSED;

    /** As status and the watch print it: {@code new}, {@code working}, {@code landed}, {@code refused}. */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * @param ahead       commits on the lane not on the integration branch; -1 if git could not tell
     * @param uncommitted the lane has uncommitted work (litter aside)
     * @param landed      its commits reached the integration branch ({@link LaneLandings#landed})
     * @param last        the lane's newest landing in the history, if any
     */
    static LaneStage of(int ahead, boolean uncommitted, boolean landed, Optional<LandRun> last) {
        if (ahead != 0) {
            return last.map(LandRun::outcome).filter(Outcome::refused).isPresent() ? REFUSED : WORKING;
        }
        if (uncommitted) {
            return WORKING;
        }
        return landed ? LANDED : NEW;
    }
}
