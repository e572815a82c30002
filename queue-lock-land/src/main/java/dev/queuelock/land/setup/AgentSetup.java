package dev.queuelock.land.setup;

import dev.queuelock.file.SafePaths;
import dev.queuelock.land.base.LandLog;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The agents' side of {@code init} and its undoing: the instructions block in {@code CLAUDE.md}
 * (and {@code AGENTS.md} if the repository has one) and the {@code WorktreeCreate} hook in
 * {@code .claude/settings.json}. Writes a file only when its content changes, so a second init
 * changes nothing.
 */
public final class AgentSetup {

    static final String CLAUDE_MD = "CLAUDE.md";
    static final String AGENTS_MD = "AGENTS.md";
    static final String SETTINGS = ".claude/settings.json";

    private final Path top;
    private final LandLog log;

    public AgentSetup(Path top, LandLog log) {
        this.top = top;
        this.log = log;
    }

    /** The files {@link #install} may write, to watch before it does. */
    public List<Path> files() {
        return List.of(top.resolve(CLAUDE_MD), top.resolve(AGENTS_MD), top.resolve(SETTINGS));
    }

    public void install(AgentInstructions instructions) throws IOException {
        writeInstructions(CLAUDE_MD, instructions);
        if (Files.exists(top.resolve(AGENTS_MD))) {
            writeInstructions(AGENTS_MD, instructions);
        }
        Path settingsFile = top.resolve(SETTINGS);
        ClaudeSettings settings = ClaudeSettings.parse(read(settingsFile), settingsFile.toString());
        String command = ClaudeSettings.hookCommand(instructions.maven());
        switch (settings.wire(command)) {
            case WIRED:
                write(settingsFile, settings.text());
                log.info(SETTINGS + ": WorktreeCreate hook added (" + instructions.maven() + " queuelock:lane); everything"
                        + " else kept as it was");
                break;
            case UPDATED:
                write(settingsFile, settings.text());
                log.info(SETTINGS + ": WorktreeCreate hook updated (" + instructions.maven() + " queuelock:lane); everything"
                        + " else kept as it was");
                break;
            case ALREADY_WIRED:
                log.info(SETTINGS + ": WorktreeCreate hook up to date; unchanged");
                break;
            default:
                log.warn(SETTINGS + " already has a WorktreeCreate hook of its own; left as is. Claude Code runs every such"
                        + " hook, so replace it with '" + command + "' by hand to get numbered lanes.");
        }
    }

    private void writeInstructions(String name, AgentInstructions instructions) throws IOException {
        Path file = top.resolve(name);
        Optional<String> before = read(file);
        String after = instructions.writeInto(before);
        if (before.isPresent() && before.get().equals(after)) {
            log.info(name + ": agent instructions up to date; unchanged");
            return;
        }
        write(file, after);
        log.info(name + ": agent instructions " + (before.isEmpty() ? "written (new file)"
                : before.get().contains(AgentInstructions.BEGIN) ? "regenerated in place" : "appended; the rest kept"));
    }

    /**
     * Undoes what init recorded: a file init left untouched goes back byte for byte (or away, if
     * init created it); a file edited by hand since keeps the edits and loses only the block or hook.
     */
    public void uninstall(SetupRecord record) throws IOException {
        Set<String> handled = new HashSet<>();
        for (Map.Entry<String, SetupRecord.Entry> e : record.data().files.entrySet()) {
            Path path = Path.of(e.getKey());
            handled.add(path.toString());
            String shown = top.relativize(path).toString();
            if (record.untouchedSinceInit(path, e.getValue())) {
                SetupRecord.restore(path, e.getValue());
                log.info(shown + ": " + (e.getValue().before == null ? "removed (init created it)" : "restored as it was before init"));
            } else if (!removeOurPart(path)) {
                log.warn(shown + " was changed since init and holds nothing queue-lock can take out on its own; left as is"
                        + " (remove the queue-lock part by hand if any is left).");
            }
        }
        for (Path path : files()) { // e.g. a clone of a repository where someone else ran init
            if (!handled.contains(path.toString()) && Files.exists(path)) {
                removeOurPart(path);
            }
        }
        record.removeEmptyCreatedDirectories();
        record.delete();
    }

    /** Takes only the block or hook out of a file edited since init; false if it is not one of ours. */
    private boolean removeOurPart(Path path) throws IOException {
        String shown = top.relativize(path).toString();
        Optional<String> text = read(path);
        if (text.isEmpty()) {
            return false;
        }
        if (shown.equals(CLAUDE_MD) || shown.equals(AGENTS_MD)) {
            if (!text.get().contains(AgentInstructions.BEGIN)) {
                return true;
            }
            Optional<String> rest = AgentInstructions.removeFrom(text.get());
            if (rest.isPresent()) {
                write(path, rest.get());
                log.info(shown + ": agent instructions removed; your edits kept");
            } else {
                Files.delete(path);
                log.info(shown + ": removed (it held only the agent instructions)");
            }
            return true;
        }
        if (shown.equals(SETTINGS)) {
            ClaudeSettings settings;
            try {
                settings = ClaudeSettings.parse(text, shown);
            } catch (IllegalArgumentException e) {
                return false;
            }
            if (settings.unwire()) {
                if (settings.isEmpty()) {
                    Files.delete(path);
                } else {
                    write(path, settings.text());
                }
                log.info(shown + ": WorktreeCreate hook removed; the rest kept");
            }
            return true;
        }
        return false;
    }

    static Optional<String> read(Path file) throws IOException {
        return Files.isRegularFile(file) ? Optional.of(Files.readString(file, StandardCharsets.UTF_8)) : Optional.empty();
    }

    private static void write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        SafePaths.writeAtomically(file, text.getBytes(StandardCharsets.UTF_8));
    }
}
