package dev.queuelock.land.base;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** How a land run ended, as recorded in the landing history. */
public enum Outcome {
    LANDED("landed"),
    /** The lane's work was already on the integration branch: nothing was checked or pushed. */
    NOTHING_TO_LAND("nothing-to-land"),
    REBASE_CONFLICT("rebase-conflict"),
    CHECK_FAILED("check-failed"),
    PUSH_REJECTED("push-rejected"),
    ERROR("error"),
    /**
     * Its lander died mid-landing ({@code kill -9}, a crash): recorded afterwards by the next lander
     * to hold the land queue, from the note the dead one left. Not a refusal: nothing was decided.
     */
    INTERRUPTED("interrupted");

    private final String id;

    Outcome(String id) {
        this.id = id;
    }

    /** The name written to the history and activity files. */
    @JsonValue
    public String id() {
        return id;
    }

    /** The landing was decided against: {@code refused} to the notify command, and a lane whose last landing this was is refused. */
    public boolean refused() {
        return this != LANDED && this != NOTHING_TO_LAND && this != INTERRUPTED;
    }

    /** The outcome the files name {@code id}; {@link #ERROR} for one this version does not know. */
    @JsonCreator
    public static Outcome fromId(String id) {
        for (Outcome o : values()) {
            if (o.id.equals(id)) {
                return o;
            }
        }
        return ERROR;
    }
}
