package dev.queuelock.land.watch;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.channels.FileChannel;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How far a landing's check build has come, from what the check writes anyway: its log in
 * {@code <git common dir>/queuelock/logs/} (named {@code <lane>-<UTC stamp>.log}, or {@code batch-}
 * and {@code speculative-<n>-} for a batch's checks), where Maven names each module as it starts,
 * and the plan the check build wrote beside it ({@code <log>.plan}: the modules it tests, those it
 * only builds). Each log is read on from where the last look stopped, never again from its start.
 */
final class CheckProgress {

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss-SSS").withZone(ZoneOffset.UTC);
    private static final Pattern LOG_NAME = Pattern.compile("(.+)-(\\d{8}-\\d{6}-\\d{3})\\.log");
    /** Maven's line as a module starts: {@code [INFO] ------< com.example:app >------}. */
    private static final Pattern MODULE = Pattern.compile("^\\[INFO\\] -+< (\\S+:\\S+) >-+\\s*$");
    /** The line after it, with the module's place in the reactor: {@code [INFO] Building app 1.0 [2/5]}. */
    private static final Pattern BUILDING = Pattern.compile("^\\[INFO\\] Building .*\\[(\\d+)/(\\d+)]\\s*$");
    private static final Pattern ENDED = Pattern.compile("^\\[(INFO|ERROR)\\] (BUILD SUCCESS|BUILD FAILURE|Reactor Summary)");
    private static final Pattern COLOUR = Pattern.compile("\u001B\\[[0-9;]*m");
    /** Done modules named, at most. */
    private static final int NAMED = 5;

    private final Path logs;
    private final Map<String, Tail> tails = new HashMap<>();

    CheckProgress(Path logs) {
        this.logs = logs;
    }

    /**
     * What the check of {@code lane}'s landing, in its checks phase since {@code since}, has done:
     * e.g. {@code 2 of 5 modules done (app, api tested)}; empty where no log of this phase tells.
     *
     * @param leads whether the lane leads a batch, whose checks are logged as {@code batch} and {@code speculative-<n>}
     */
    Optional<String> of(String lane, long since, boolean leads) {
        Path log = newestLog(lane, since, leads);
        if (log == null) {
            tails.remove(lane);
            return Optional.empty();
        }
        Tail tail = tails.get(lane);
        if (tail == null || !tail.log.equals(log)) {
            tail = new Tail(log);
            tails.put(lane, tail);
        }
        tail.readOn();
        return tail.describe();
    }

    /** Forgets the lanes no longer in their checks. */
    void keepOnly(Set<String> lanes) {
        tails.keySet().retainAll(lanes);
    }

    /** The newest check log of the lane begun in this phase (its stamp not before {@code since}, to the second). */
    private Path newestLog(String lane, long since, boolean leads) {
        String[] names = logs.toFile().list();
        String earliest = STAMP.format(Instant.ofEpochMilli(since - 1000));
        String newest = null;
        String newestStamp = earliest;
        for (String name : names == null ? new String[0] : names) {
            Matcher m = LOG_NAME.matcher(name);
            if (m.matches() && m.group(2).compareTo(newestStamp) >= 0 && isOf(m.group(1), lane, leads)) {
                newest = name;
                newestStamp = m.group(2);
            }
        }
        return newest == null ? null : logs.resolve(newest);
    }

    private static boolean isOf(String logName, String lane, boolean leads) {
        return logName.equals(lane) || leads && (logName.equals("batch") || logName.matches("speculative-\\d+"));
    }

    /** One check log as far as it was read, and the modules it named. */
    private static final class Tail {
        final Path log;
        long offset;
        final StringBuilder partial = new StringBuilder();
        final List<String> started = new ArrayList<>();
        int total;
        boolean ended;
        Set<String> tested;
        Set<String> builtOnly;

        Tail(Path log) {
            this.log = log;
        }

        void readOn() {
            if (tested == null) {
                readPlan();
            }
            try (FileChannel in = FileChannel.open(log, StandardOpenOption.READ)) {
                ByteBuffer chunk = ByteBuffer.allocate(64 * 1024);
                for (int n = in.read(chunk, offset); n > 0; n = in.read(chunk, offset)) {
                    offset += n;
                    // Latin-1: one char a byte, so a chunk never splits a character; what is matched is ASCII
                    partial.append(new String(chunk.array(), 0, n, StandardCharsets.ISO_8859_1));
                    chunk.clear();
                    lines();
                }
            } catch (IOException e) {
                // removed (pruned) or not there yet: what was read stands
            }
        }

        private void lines() {
            int end = partial.indexOf("\n");
            int from = 0;
            while (end >= 0) {
                line(COLOUR.matcher(partial.substring(from, end)).replaceAll("").trim());
                from = end + 1;
                end = partial.indexOf("\n", from);
            }
            partial.delete(0, from);
        }

        private void line(String line) {
            Matcher module = MODULE.matcher(line);
            Matcher building = BUILDING.matcher(line);
            if (module.matches()) {
                started.add(module.group(1));
            } else if (building.matches()) {
                total = Integer.parseInt(building.group(2));
            } else if (ENDED.matcher(line).lookingAt()) {
                ended = true;
            }
        }

        /** The plan the check build wrote as it read its projects: there once the log names a module, or never (a full build). */
        private void readPlan() {
            try {
                List<String> lines = Files.readAllLines(log.resolveSibling(log.getFileName() + ".plan"), StandardCharsets.UTF_8);
                Set<String> t = new LinkedHashSet<>();
                Set<String> b = new LinkedHashSet<>();
                for (String line : lines) {
                    if (line.startsWith("tested: ")) {
                        t.add(id(line.substring("tested: ".length())));
                    } else if (line.startsWith("built without tests: ")) {
                        b.add(id(line.substring("built without tests: ".length())));
                    }
                }
                tested = t;
                builtOnly = b;
            } catch (IOException e) {
                // not written (yet): looked for again next time
            }
        }

        private static String id(String planned) {
            int why = planned.indexOf(" (");
            return why < 0 ? planned.trim() : planned.substring(0, why);
        }

        Optional<String> describe() {
            boolean planned = tested != null && !tested.isEmpty() || builtOnly != null && !builtOnly.isEmpty();
            int of = total > 0 ? total : planned ? tested.size() + builtOnly.size() : started.size();
            if (of == 0) {
                return Optional.empty();
            }
            List<String> done = started.subList(0, ended ? started.size() : Math.max(0, started.size() - 1));
            List<String> testedDone = new ArrayList<>();
            List<String> builtDone = new ArrayList<>();
            for (String id : done) {
                (planned && !tested.contains(id) ? builtDone : testedDone).add(id.substring(id.indexOf(':') + 1));
            }
            StringBuilder text = new StringBuilder().append(done.size()).append(" of ").append(of).append(of == 1 ? " module" : " modules")
                    .append(" done");
            List<String> parts = new ArrayList<>();
            if (!testedDone.isEmpty()) {
                parts.add(named(testedDone) + (planned ? " tested" : ""));
            }
            if (!builtDone.isEmpty()) {
                parts.add(named(builtDone) + " built");
            }
            if (!parts.isEmpty()) {
                text.append(" (").append(String.join("; ", parts)).append(')');
            }
            return Optional.of(text.toString());
        }

        private static String named(List<String> names) {
            List<String> shown = names.subList(0, Math.min(NAMED, names.size()));
            return String.join(", ", shown) + (names.size() > shown.size() ? " and " + (names.size() - shown.size()) + " more" : "");
        }
    }
}
