package dev.queuelock.land.notify;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.queuelock.config.Setting;
import dev.queuelock.config.SettingGroup;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Tells a person what happened: runs {@code queuelock.notify} with the event as one JSON object on
 * its standard input ({@code {"hook_event_name":"queuelock","event":"landed","lane":...}}, the
 * shape Claude Code's hooks are given), or with {@code desktop}, the machine's own notifier
 * ({@code notify-send}, {@code osascript}). A command that fails or hangs is reported through
 * {@code report} and otherwise ignored: a notification never fails a landing or a build.
 */
public final class Notifier {

    /** This setting's group, in the order the docs list them. */
    public static final SettingGroup SETTINGS = new SettingGroup();

    /** A command and its arguments (comma-separated, as {@code queuelock.land.checkCommand}), or {@code desktop}. */
    public static final Setting<List<String>> NOTIFY = SETTINGS.add(Setting.list("queuelock.notify", "land, watch, pause, resume",
            "A command run on events (landed, refused, interrupted, flaky test, a landing stuck, a long wait, an idle lane, two lanes changing the same files, free space low, paused, resumed) with the event"
                    + " as one JSON object on its standard input; desktop uses notify-send or osascript."));

    /** How long a notify command may run before it is stopped. */
    static final long TIMEOUT_SECONDS = 20;

    /** Made at the first event: a watch that notifies nobody needs no JSON writer (the benchmark's runs without Jackson). */
    private static final class Json {
        static final ObjectMapper MAPPER = new ObjectMapper();
    }

    /** Notifies nobody. */
    public static final Notifier NONE = new Notifier(List.of(), message -> { });

    private final List<String> command;
    private final Consumer<String> report;
    private boolean toldNoDesktop;

    /**
     * @param command the setting's value; empty or null (not set): notify nobody
     * @param report  where a failing command is reported (one line)
     */
    public Notifier(List<String> command, Consumer<String> report) {
        this.command = command == null ? List.of() : List.copyOf(command);
        this.report = report;
    }

    public boolean active() {
        return !command.isEmpty();
    }

    /**
     * Sends one event.
     *
     * @param event  e.g. {@code landed}, {@code refused}
     * @param fields what the event is about (lane, reason, test...), in order; null values are left out
     */
    public synchronized void send(String event, Map<String, Object> fields) {
        if (!active()) {
            return;
        }
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("hook_event_name", "queuelock");
        doc.put("event", event);
        doc.put("time", java.time.Instant.now().toString());
        fields.forEach((k, v) -> {
            if (v != null) {
                doc.put(k, v);
            }
        });
        try {
            String json = Json.MAPPER.writeValueAsString(doc);
            if (command.size() == 1 && command.get(0).equals("desktop")) {
                desktop(event, doc);
            } else {
                run(command, json);
            }
        } catch (IOException e) {
            report.accept("notify: " + String.join(" ", command) + " could not run: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void desktop(String event, Map<String, Object> doc) throws IOException, InterruptedException {
        String title = "queue-lock: " + event + (doc.get("lane") == null ? "" : " " + doc.get("lane"));
        String body = String.valueOf(doc.getOrDefault("reason", doc.getOrDefault("message", "")));
        List<String> args = new ArrayList<>();
        if (onPath("notify-send")) {
            args.addAll(List.of("notify-send", title, body));
        } else if (onPath("osascript")) {
            // Passed as arguments to the script, never spliced into its text.
            args.addAll(List.of("osascript", "-e", "on run argv", "-e", "display notification (item 2 of argv) with title (item 1 of argv)",
                    "-e", "end run", title, body));
        } else {
            if (!toldNoDesktop) {
                toldNoDesktop = true;
                report.accept("notify: desktop asked for, but neither notify-send nor osascript is on the PATH; no desktop notifications");
            }
            return;
        }
        run(args, "");
    }

    private void run(List<String> args, String stdin) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(args).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try (OutputStream in = p.getOutputStream()) {
            in.write(stdin.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            // the command did not read its input: its exit says whether that mattered
        }
        if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            report.accept("notify: " + args.get(0) + " ran longer than " + TIMEOUT_SECONDS + " s and was stopped");
        } else if (p.exitValue() != 0) {
            report.accept("notify: " + args.get(0) + " exited with " + p.exitValue());
        }
    }

    private static boolean onPath(String program) {
        String path = System.getenv("PATH");
        if (path == null) {
            return false;
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (new File(dir, program).canExecute()) {
                return true;
            }
        }
        return false;
    }
}
