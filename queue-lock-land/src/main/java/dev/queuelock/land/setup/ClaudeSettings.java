package dev.queuelock.land.setup;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.Iterator;
import java.util.Optional;

/**
 * Claude Code's {@code .claude/settings.json} with the {@code WorktreeCreate} hook that makes each
 * new agent worktree a numbered lane. Merged: every other key, hook and order is kept; a
 * {@code WorktreeCreate} hook of someone else's is never replaced (Claude Code would run both, and
 * each would create a worktree).
 */
public final class ClaudeSettings {

    /** What the lane goal prints before the path in hook mode, for {@link #HOOK_COMMAND} to find it. */
    public static final String PATH_MARKER = "queuelock-lane: ";

    /**
     * One Maven start per agent session (the lane goal takes no build lock). Maven wraps standard
     * output in terminal escape codes even in batch mode, so the shell keeps only the path after
     * {@link #PATH_MARKER} up to the next control character, and prints it as the last line. A
     * refusal exits non-zero with the reason on standard error.
     */
    public static final String HOOK_COMMAND = "out=$(mvn -q -B queuelock:lane -Dqueuelock.hook=true) || exit 1; p=${out##*"
            + PATH_MARKER + "}; printf '%s\\n' \"${p%%[[:cntrl:]]*}\"";

    static final String EVENT = "WorktreeCreate";

    /** What {@link #wire} found. */
    public enum Wiring { WIRED, ALREADY_WIRED, OTHER_HOOK_PRESENT }

    private static final ObjectMapper JSON = new ObjectMapper();

    private final ObjectNode root;
    private Wiring wiring;

    private ClaudeSettings(ObjectNode root) {
        this.root = root;
    }

    /** @throws IllegalArgumentException (one line, with the fix) if the file is not a JSON object */
    public static ClaudeSettings parse(Optional<String> text, String fileName) {
        if (text.isEmpty()) {
            return new ClaudeSettings(JSON.createObjectNode());
        }
        try {
            JsonNode node = JSON.readTree(text.get());
            if (node == null || !node.isObject()) {
                throw new IllegalArgumentException(fileName + " is not a JSON object; fix it, then run init again.");
            }
            return new ClaudeSettings((ObjectNode) node);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(fileName + " is not valid JSON (" + e.getOriginalMessage()
                    + "); fix it, then run init again.");
        }
    }

    /** Adds the hook unless it, or another {@code WorktreeCreate} hook, is there. */
    public Wiring wire() {
        ArrayNode groups = existingGroups();
        if (groups != null && groups.size() > 0) {
            return hasOurs(groups) ? Wiring.ALREADY_WIRED : Wiring.OTHER_HOOK_PRESENT;
        }
        ObjectNode hooks = root.has("hooks") && root.get("hooks").isObject() ? (ObjectNode) root.get("hooks") : root.putObject("hooks");
        ObjectNode command = hooks.putArray(EVENT).addObject().putArray("hooks").addObject();
        command.put("type", "command");
        command.put("command", HOOK_COMMAND);
        return Wiring.WIRED;
    }

    /** Removes our hook (and containers it leaves empty); true if it was there. */
    public boolean unwire() {
        ArrayNode groups = existingGroups();
        if (groups == null || !hasOurs(groups)) {
            return false;
        }
        for (Iterator<JsonNode> it = groups.elements(); it.hasNext(); ) {
            if (isOurs(it.next())) {
                it.remove();
            }
        }
        ObjectNode hooks = (ObjectNode) root.get("hooks");
        if (groups.size() == 0) {
            hooks.remove(EVENT);
        }
        if (hooks.size() == 0) {
            root.remove("hooks");
        }
        return true;
    }

    public boolean isEmpty() {
        return root.size() == 0;
    }

    /** Two-space indented, one key per line, as people write the file by hand. */
    public String text() {
        DefaultPrettyPrinter printer = new DefaultPrettyPrinter() {
            @Override
            public DefaultPrettyPrinter createInstance() {
                return this;
            }

            @Override
            public void writeObjectFieldValueSeparator(JsonGenerator g) throws IOException {
                g.writeRaw(": ");
            }
        };
        printer.indentArraysWith(DefaultIndenter.SYSTEM_LINEFEED_INSTANCE.withLinefeed("\n"));
        printer.indentObjectsWith(DefaultIndenter.SYSTEM_LINEFEED_INSTANCE.withLinefeed("\n"));
        try {
            return JSON.writer(printer).writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a parsed JSON tree always serializes", e);
        }
    }

    private ArrayNode existingGroups() {
        JsonNode hooks = root.get("hooks");
        JsonNode groups = hooks == null ? null : hooks.get(EVENT);
        return groups != null && groups.isArray() ? (ArrayNode) groups : null;
    }

    private static boolean hasOurs(ArrayNode groups) {
        for (JsonNode group : groups) {
            if (isOurs(group)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isOurs(JsonNode group) {
        JsonNode hooks = group.get("hooks");
        if (hooks == null || !hooks.isArray()) {
            return false;
        }
        for (JsonNode hook : hooks) {
            JsonNode command = hook.get("command");
            if (command != null && command.asText().contains("queuelock:lane")) {
                return true;
            }
        }
        return false;
    }
}
