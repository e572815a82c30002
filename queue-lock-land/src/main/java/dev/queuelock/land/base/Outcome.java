package dev.queuelock.land.base;

/** How a land run ended, as recorded in the landing history. */
public enum Outcome {
    LANDED("landed"),
    /** The lane's work was already on the integration branch: nothing was checked or pushed. */
    NOTHING_TO_LAND("nothing-to-land"),
    REBASE_CONFLICT("rebase-conflict"),
    CHECK_FAILED("check-failed"),
    PUSH_REJECTED("push-rejected"),
    ERROR("error");

    private final String id;

    Outcome(String id) {
        this.id = id;
    }

    /** The name written to the history file. */
    public String id() {
        return id;
    }

    public static Outcome fromId(String id) {
        for (Outcome o : values()) {
            if (o.id.equals(id)) {
                return o;
            }
        }
        return ERROR;
    }
}
