package dev.queuelock.land.setup;

import java.util.Optional;

/**
 * The agents' standing instructions: a marker-delimited block that {@code init} writes into
 * {@code CLAUDE.md} (and {@code AGENTS.md} when present). Agents read it every session, so it is
 * what makes lanes hands-off: build with mvn, land when green, recover from a failed land, leave
 * production to people. Short on purpose: it lives in someone else's file.
 */
public final class AgentInstructions {

    public static final String BEGIN = "<!-- queue-lock:agent-instructions -->";
    public static final String END = "<!-- queue-lock:agent-instructions:end -->";

    /** The first line of a {@code CLAUDE.md} that init creates. */
    static final String NEW_FILE_HEADER = "# Instructions for coding agents\n\n";

    private final String integration;
    private final String remote;
    private final String production;
    private final boolean autoLand;

    /** @param production the production branch, or null if the integration branch is production */
    public AgentInstructions(String remote, String integration, String production, boolean autoLand) {
        this.remote = remote;
        this.integration = integration;
        this.production = production;
        this.autoLand = autoLand;
    }

    public String block() {
        String land = autoLand
                ? "- **Land when green, without asking.** Build passes and your work is committed: run `mvn queuelock:land`"
                + " yourself. It rebases onto `" + remote + "/" + integration + "`, runs the checks on the result and pushes."
                + " Landed is done; pushed-and-waiting is not a state here."
                : "- **When green, propose the land.** Build passes and your work is committed: tell the person it is ready"
                + " and run `mvn queuelock:land` once they agree. It rebases onto `" + remote + "/" + integration + "`, runs"
                + " the checks on the result and pushes.";
        String ship = production != null
                ? "- **`" + production + "` is production: not your call.** Only a person promotes `" + integration + "` to `"
                + production + "`; landing on `" + integration + "` is your finish line."
                : "- **`" + integration + "` is production; landing on it is your finish line.** Shipping beyond it is a"
                + " person's decision.";
        return BEGIN + "\n"
                + "## queue-lock: parallel lanes\n"
                + "<!-- Written by mvn queuelock:init, which rewrites everything between these markers; keep your own notes"
                + " outside them. -->\n"
                + "\n"
                + "You work in a lane: a git worktree of this repository on its own branch. Every session, unprompted:\n"
                + "\n"
                + "- **Build and test with `mvn`** (e.g. `mvn -B verify`). Builds of all lanes take turns on this machine;"
                + " waiting in the build queue is normal, never kill another build.\n"
                + land + "\n"
                + "- **A failed land is not done.** Rebase conflict: `git fetch " + remote + " " + integration + " && git rebase "
                + remote + "/" + integration + "`, resolve, `git add`, `git rebase --continue`, build, then land again. Failed"
                + " checks: fix, commit, land again. Never push to `" + integration + "` directly, never force-push.\n"
                + "- **Your dev-server port** is `mvn -q queuelock:port`; builds in your lane see it as"
                + " `${queuelock.lane.port}`.\n"
                + "- **Orphaned lanes** (flagged by `mvn queuelock:status`): ask a person; never delete one.\n"
                + ship + "\n"
                + END + "\n";
    }

    /** {@code existing} with the block written in: created, appended once, or regenerated in place. */
    public String writeInto(Optional<String> existing) {
        if (existing.isEmpty()) {
            return NEW_FILE_HEADER + block();
        }
        String text = existing.get();
        Optional<int[]> span = span(text);
        if (span.isPresent()) {
            return text.substring(0, span.get()[0]) + block() + text.substring(span.get()[1]);
        }
        return text + (text.isEmpty() || text.endsWith("\n") ? "" : "\n") + "\n" + block();
    }

    /**
     * {@code text} without a block (any version of it) and the blank line init put before it;
     * empty if the file held nothing else than what init creates.
     */
    public static Optional<String> removeFrom(String text) {
        Optional<int[]> span = span(text);
        if (span.isEmpty()) {
            return Optional.of(text);
        }
        int start = span.get()[0];
        String before = text.substring(0, start);
        String after = text.substring(span.get()[1]);
        if (after.isEmpty() && before.endsWith("\n\n")) {
            before = before.substring(0, before.length() - 1);
        }
        String rest = before + after;
        return rest.strip().equals(NEW_FILE_HEADER.strip()) || rest.isBlank() ? Optional.empty() : Optional.of(rest);
    }

    /** Start and end (after the end marker's line) of the block; empty unless both markers are there, in order. */
    private static Optional<int[]> span(String text) {
        int start = text.indexOf(BEGIN);
        int end = start < 0 ? -1 : text.indexOf(END, start);
        if (end < 0) {
            return Optional.empty();
        }
        end += END.length();
        if (end < text.length() && text.charAt(end) == '\n') {
            end++;
        }
        return Optional.of(new int[] {start, end});
    }
}
