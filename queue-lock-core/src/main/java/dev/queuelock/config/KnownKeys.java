package dev.queuelock.config;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Every {@code queuelock.*} name a session may carry on purpose, listed in {@value #RESOURCE} beside
 * this class: each setting's name (then its former name, still read) and the properties queue-lock
 * itself gives builds. The core extension carries core only and cannot reach the plugin's catalog of
 * settings, so the list is a resource here; the plugin's {@code KnownKeysListingTest} holds it equal to that
 * catalog. Loaded only for a name its reader does not know by itself: a build that sets no unknown
 * key never loads it.
 */
public final class KnownKeys {

    static final String RESOURCE = "known-keys.txt";

    /**
     * The entry of the session's shared data (the map {@link #warnOnce} is given) holding the names
     * already warned about in the session: the build queue and the goals each check, in their own
     * realms, and a name is warned about once.
     */
    public static final String WARNED = "dev.queuelock.unknownKeysWarned";

    private static volatile KnownKeys standard;

    /** Each known name (and former name) to the name to use now, in the listing's order. */
    private final Map<String, String> current = new LinkedHashMap<>();
    /** The starts of the families of names ({@code queuelock.x.*} in the listing): one name each per value the user picks. */
    private final List<String> families = new ArrayList<>();

    /**
     * @param lines the listing: {@code name [former-name]} per line, or {@code prefix*} for a family
     *              of names; {@code #} comments and blank lines skipped
     */
    KnownKeys(List<String> lines) {
        for (String line : lines) {
            String trimmed = line.strip();
            if (trimmed.isEmpty() || trimmed.startsWith("#")) {
                continue;
            }
            if (trimmed.endsWith("*")) {
                families.add(trimmed.substring(0, trimmed.length() - 1));
                continue;
            }
            String[] names = trimmed.split("\\s+");
            for (String name : names) {
                current.put(name, names[0]);
            }
        }
    }

    /** The names queue-lock knows, read once from {@value #RESOURCE}. */
    public static KnownKeys standard() {
        KnownKeys known = standard;
        if (known == null) {
            known = new KnownKeys(listing());
            standard = known;
        }
        return known;
    }

    /**
     * One warning for each of {@code names} that queue-lock does not know and that was not warned
     * about yet in the session whose request data is {@code sessionData} (which remembers it).
     */
    public static List<String> warnOnce(Map<String, Object> sessionData, Collection<String> names) {
        List<String> warnings = new ArrayList<>();
        KnownKeys known = standard();
        Set<String> warned = warned(sessionData);
        synchronized (warned) {
            for (String name : names) {
                if (!known.knows(name) && warned.add(name)) {
                    warnings.add(known.warning(name));
                }
            }
        }
        return warnings;
    }

    @SuppressWarnings("unchecked")
    private static Set<String> warned(Map<String, Object> sessionData) {
        synchronized (sessionData) {
            Object warned = sessionData.get(WARNED);
            if (warned instanceof Set) {
                return (Set<String>) warned;
            }
            Set<String> fresh = new HashSet<>();
            sessionData.put(WARNED, fresh);
            return fresh;
        }
    }

    /** Whether {@code name} is a key, a former name of one, or a property queue-lock sets. */
    public boolean knows(String name) {
        if (current.containsKey(name)) {
            return true;
        }
        for (String family : families) {
            if (name.startsWith(family) && name.length() > family.length()) {
                return true;
            }
        }
        return false;
    }

    /** What to say of {@code name}, which is not known: the nearest key, or where every key is listed. */
    public String warning(String name) {
        Optional<String> near = nearest(name);
        if (near.isPresent()) {
            return name + " is not a queue-lock key, so nothing reads it: did you mean " + near.get() + "?";
        }
        return name + " is not a queue-lock key, so nothing reads it, nor near one: mvn queuelock:config lists every key"
                + " (so does the configuration page).";
    }

    /**
     * The key (by its name now) nearest {@code name}: the fewest single-character edits, the whole
     * name against the whole name or its last part against a key's last part (a key put under
     * another section, {@code queuelock.parallel}), and few enough for the name's length.
     */
    Optional<String> nearest(String name) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (Map.Entry<String, String> known : current.entrySet()) {
            int d = Math.min(distance(name, known.getKey()), distance(lastPart(name), lastPart(known.getKey())) + 1);
            if (d < bestDistance) {
                best = known.getValue();
                bestDistance = d;
            }
        }
        return bestDistance <= Math.max(1, lastPart(name).length() / 3) ? Optional.ofNullable(best) : Optional.empty();
    }

    private static String lastPart(String name) {
        return name.substring(name.lastIndexOf('.') + 1);
    }

    /** Levenshtein distance: insertions, deletions and substitutions of one character. */
    static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] row = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            row[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitute = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                row[j] = Math.min(substitute, Math.min(previous[j], row[j - 1]) + 1);
            }
            int[] swap = previous;
            previous = row;
            row = swap;
        }
        return previous[b.length()];
    }

    private static List<String> listing() {
        try (InputStream in = KnownKeys.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing beside " + KnownKeys.class.getName());
            }
            List<String> lines = new ArrayList<>();
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                lines.add(line);
            }
            return lines;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
