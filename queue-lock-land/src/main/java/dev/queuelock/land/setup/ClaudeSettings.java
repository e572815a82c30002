package dev.queuelock.land.setup;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.Optional;

/**
 * Claude Code's {@code .claude/settings.json} with the {@code WorktreeCreate} hook that makes each
 * new agent worktree a numbered lane. Merged: every other key, hook and order is kept; a
 * {@code WorktreeCreate} hook of someone else's is never replaced (Claude Code would run both, and
 * each would create a worktree).
 */
public final class ClaudeSettings {

    /** What the lane goal prints before the path in hook mode, for {@link #hookCommand} to find it. */
    public static final String PATH_MARKER = "queuelock-lane: ";

    /** The goal that makes a lane: what tells our hook from anyone else's, and what land from a non-lane branch suggests. */
    public static final String LANE_GOAL = "queuelock:lane";

    static final String EVENT = "WorktreeCreate";

    /** What {@link #wire} found or did. */
    public enum Wiring { WIRED, UPDATED, ALREADY_WIRED, OTHER_HOOK_PRESENT }

    private static final ObjectMapper JSON = new ObjectMapper();

    private final ObjectNode root;
    private final String original;
    private String edited;

    private ClaudeSettings(ObjectNode root, String original) {
        this.root = root;
        this.original = original;
    }

    /**
     * The hook's shell line: one Maven start per agent session (the lane goal takes no build
     * lock), from the top of the worktree the session is in, so {@code ./mvnw} is found from any
     * lane and any subdirectory. Claude Code reads the new worktree's path from standard output
     * and shows standard error, so Maven's own output (its {@code [ERROR]} lines are on standard
     * output) goes to standard error when the goal fails or prints no path, and on success only
     * the path after {@link #PATH_MARKER} is printed, up to the first control character (Maven 3.8
     * adds terminal escape codes even in batch mode).
     *
     * @param maven {@code ./mvnw} or {@code mvn}
     */
    public static String hookCommand(String maven) {
        String fail = "{ printf '%s\\n' \"$out\" >&2; exit 1; }";
        return "cd \"$(git rev-parse --show-toplevel)\" && out=$(" + maven + " -q -B " + LANE_GOAL
                + " -Dqueuelock.lane.hook=true) || " + fail + "; case $out in *'" + PATH_MARKER + "'*) ;; *) " + fail
                + ";; esac; p=${out##*" + PATH_MARKER + "}; printf '%s\\n' \"${p%%[[:cntrl:]]*}\"";
    }

    /** @throws IllegalArgumentException (one line, with the fix) if the file is not a JSON object */
    public static ClaudeSettings parse(Optional<String> text, String fileName) {
        if (text.isEmpty()) {
            return new ClaudeSettings(JSON.createObjectNode(), null);
        }
        try {
            JsonNode node = JSON.readTree(text.get());
            if (node == null || !node.isObject()) {
                throw new IllegalArgumentException(fileName + " is not a JSON object; fix it, then run init again.");
            }
            return new ClaudeSettings((ObjectNode) node, text.get());
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(fileName + " is not valid JSON (" + e.getOriginalMessage()
                    + "); fix it, then run init again.");
        }
    }

    /**
     * Adds the hook running {@code command} unless another {@code WorktreeCreate} hook is there;
     * ours with another command (an older one, or {@code mvn} where {@code ./mvnw} is now) gets
     * this one. Only the hook's own text is added or changed: {@link #text} keeps every other
     * byte of the file.
     *
     * @throws IllegalArgumentException if {@code hooks} or {@code hooks.WorktreeCreate} is of the wrong JSON type
     */
    public Wiring wire(String command) {
        ArrayNode groups = existingGroups();
        JsonLayout layout = new JsonLayout(original == null ? "{\n}\n" : original);
        if (groups != null && groups.size() > 0) {
            Optional<String> ours = ourCommand(groups);
            if (ours.isEmpty()) {
                return Wiring.OTHER_HOOK_PRESENT;
            }
            if (ours.get().equals(command)) {
                return Wiring.ALREADY_WIRED;
            }
            edited = layout.replaceString(ours.get()::equals, command);
            return Wiring.UPDATED;
        }
        ArrayNode ourGroups = JSON.createArrayNode();
        ObjectNode hook = ourGroups.addObject().putArray("hooks").addObject();
        hook.put("type", "command");
        hook.put("command", command);
        JsonNode hooks = root.get("hooks");
        if (hooks == null) {
            edited = layout.addMember("", 1, "hooks", JSON.createObjectNode().set(EVENT, ourGroups));
        } else if (!hooks.isObject() || (hooks.has(EVENT) && !hooks.get(EVENT).isArray())) {
            throw new IllegalArgumentException("\"hooks\" in .claude/settings.json is not what Claude Code reads (an object of"
                    + " arrays); fix it, then run init again.");
        } else if (!hooks.has(EVENT)) {
            edited = layout.addMember("/hooks", 2, EVENT, ourGroups);
        } else {
            edited = layout.replaceContainer("/hooks/" + EVENT, 2, ourGroups);
        }
        return Wiring.WIRED;
    }

    /**
     * Removes our hook (and containers it leaves empty); true if it was there. Taken out of the
     * text in place, like {@link #wire} put it in: the rest of the file keeps its layout.
     */
    public boolean unwire() {
        edited = null;
        ArrayNode groups = existingGroups();
        if (groups == null || ourCommand(groups).isEmpty()) {
            return false;
        }
        String text = original;
        for (int i = groups.size() - 1; i >= 0; i--) { // last first: the indexes before stay valid
            if (isOurs(groups.get(i))) {
                text = text == null ? null : new JsonLayout(text).remove("/hooks/" + EVENT + "/" + i);
                groups.remove(i);
            }
        }
        ObjectNode hooks = (ObjectNode) root.get("hooks");
        if (groups.size() == 0) {
            hooks.remove(EVENT);
            text = text == null ? null : new JsonLayout(text).remove("/hooks/" + EVENT);
        }
        if (hooks.size() == 0) {
            root.remove("hooks");
            text = text == null ? null : new JsonLayout(text).remove("/hooks");
        }
        edited = text;
        return true;
    }

    public boolean isEmpty() {
        return root.size() == 0;
    }

    /**
     * The file after {@link #wire} or {@link #unwire}: the original with the hook's text put in or
     * taken out. Otherwise the tree, two-space indented, one key per line.
     */
    public String text() {
        if (edited != null) {
            return edited;
        }
        try {
            return JsonLayout.pretty(root, "  ", "\n", ": ", false) + "\n";
        } catch (IOException e) {
            throw new IllegalStateException("a parsed JSON tree always serializes", e);
        }
    }

    private ArrayNode existingGroups() {
        JsonNode hooks = root.get("hooks");
        JsonNode groups = hooks == null ? null : hooks.get(EVENT);
        return groups != null && groups.isArray() ? (ArrayNode) groups : null;
    }

    private static Optional<String> ourCommand(ArrayNode groups) {
        for (JsonNode group : groups) {
            Optional<String> command = ourCommand(group);
            if (command.isPresent()) {
                return command;
            }
        }
        return Optional.empty();
    }

    private static boolean isOurs(JsonNode group) {
        return ourCommand(group).isPresent();
    }

    private static Optional<String> ourCommand(JsonNode group) {
        JsonNode hooks = group.get("hooks");
        if (hooks == null || !hooks.isArray()) {
            return Optional.empty();
        }
        for (JsonNode hook : hooks) {
            JsonNode command = hook.get("command");
            if (command != null && command.isTextual() && command.asText().contains(LANE_GOAL)) {
                return Optional.of(command.asText());
            }
        }
        return Optional.empty();
    }
}
