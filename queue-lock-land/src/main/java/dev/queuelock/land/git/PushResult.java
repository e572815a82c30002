package dev.queuelock.land.git;

/**
 * How a push of one ref ended, read from {@code git push --porcelain}: its status flag for the ref
 * ({@code !} rejected or failed, {@code =} up to date, others pushed) and summary are documented
 * and stable, unlike git's messages, which follow the user's language.
 */
public final class PushResult {

    /** What became of the ref. */
    public enum Status {
        /** The remote's branch is now at the commit. */
        PUSHED,
        /** It already was. */
        UP_TO_DATE,
        /** Refused as not a fast-forward ({@code [rejected]}): the remote moved since our fetch. */
        REMOTE_MOVED,
        /** Refused for another reason: a hook, the remote's rules, no connection. */
        REFUSED
    }

    private final Status status;
    private final String reason;

    PushResult(Status status, String reason) {
        this.status = status;
        this.reason = reason;
    }

    /**
     * @param exit git's exit code
     * @param porcelain what {@code git push --porcelain} wrote on stdout
     * @param lastErrorLine the last line git wrote on stderr, the reason given when it is refused
     */
    static PushResult of(int exit, String porcelain, String lastErrorLine) {
        String flag = "";
        String summary = "";
        for (String line : porcelain.split("\n")) {
            String[] fields = line.split("\t", 3); // <flag> TAB <from>:<to> TAB <summary>
            if (fields.length == 3 && fields[0].length() == 1) {
                flag = fields[0];
                summary = fields[2];
            }
        }
        if (exit == 0) {
            return new PushResult(flag.equals("=") ? Status.UP_TO_DATE : Status.PUSHED, "");
        }
        boolean moved = flag.equals("!") && summary.startsWith("[rejected]");
        return new PushResult(moved ? Status.REMOTE_MOVED : Status.REFUSED, lastErrorLine);
    }

    public Status status() {
        return status;
    }

    /** The remote's branch is at the commit (pushed now, or already). */
    public boolean ok() {
        return status == Status.PUSHED || status == Status.UP_TO_DATE;
    }

    /** Refused because the remote's branch moved: fetch, rebase and try again. */
    public boolean remoteMoved() {
        return status == Status.REMOTE_MOVED;
    }

    /** Why it was refused, in git's own last line; empty when it was not. */
    public String reason() {
        return reason;
    }
}
