package dev.queuelock.build.localrepo;

import dev.queuelock.build.localrepo.LocalRepositorySettings;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What one Maven build tells Maven's resolver about the local repository, so that builds running at
 * once share it safely and no lane resolves what another lane installed. Decided here, from plain
 * values (no Maven API), for the core extension (every build) and for land (its check builds):
 *
 * <ul>
 *   <li><b>Locks across processes</b>: on Maven 3.9 (resolver 1.9, whose default lock works within one
 *       JVM only) {@value #NAMED_FACTORY}={@value #FILE_LOCK} with {@value #NAME_MAPPER}={@value #FILE_GAV},
 *       resolver's file locks under the local repository's {@code .locks}; Maven 4's resolver 2 uses exactly
 *       those by default. Left alone when the user set any {@code aether.syncContext.*} property.</li>
 *   <li><b>A part per lane</b>: the enhanced local repository split ({@code split=true}) with the part as the
 *       local prefix, for what the build installs, and an empty remote prefix, so downloads stay where they
 *       always were ({@code EnhancedLocalRepositoryManager} joins an empty prefix to nothing). Its {@code find}
 *       looks at the part first, then at the remote-prefix path, where the main checkout's installs lie (an
 *       installed artifact there is accepted whatever repository asked). Left alone when the user set any
 *       key of the enhanced local repository, or {@code queuelock.lanes.installs=shared}.</li>
 * </ul>
 *
 * Maven before 3.9 (resolver 1.6) has neither: nothing is set, and a lane's build says what is not kept apart.
 */
public final class ResolverProperties {

    /** {@value}: the named-lock factory; resolver 1.9 and 2 spell it alike. */
    public static final String NAMED_FACTORY = "aether.syncContext.named.factory";
    /** {@value}: how artifacts are named for their locks. */
    public static final String NAME_MAPPER = "aether.syncContext.named.nameMapper";
    /** {@value}: locks that are files under the local repository, held across processes. */
    public static final String FILE_LOCK = "file-lock";
    /** {@value}: one lock file per group, artifact and version. */
    public static final String FILE_GAV = "file-gav";
    /** Any property of the resolver's sync context: a user who set one chose how the local repository is locked. */
    static final String SYNC_CONTEXT = "aether.syncContext.";
    /** The enhanced local repository's keys in resolver 1.9 (Maven 3.9); resolver 2 still reads them, as legacy. */
    public static final String LRM_1_9 = "aether.enhancedLocalRepository.";
    /** The enhanced local repository's keys in resolver 2 (Maven 3.10 and 4). */
    public static final String LRM_2 = "aether.lrm.enhanced.";

    /** The enhanced local repository's key (after either prefix) that splits installs from downloads. */
    public static final String SPLIT = "split";
    /** The enhanced local repository's key (after either prefix) of where installs go: a part's prefix. */
    public static final String LOCAL_PREFIX = "localPrefix";

    /** The resolver generation a Maven version ships. */
    public enum Resolver {
        /** Maven before 3.9 (resolver 1.6): no locks across processes, no split local repository. */
        BEFORE_1_9("resolver 1.6"),
        /** Maven 3.9 (resolver 1.9). */
        V1_9("resolver 1.9"),
        /** Maven 3.10 and 4 (resolver 2: file locks across processes by default, its own lrm keys). */
        V2("resolver 2");

        private final String describe;

        Resolver(String describe) {
            this.describe = describe;
        }

        /** The resolver of Maven {@code version} ({@code maven.version}); an unknown version is taken as 3.9's, whose keys Maven 4 reads too. */
        public static Resolver ofMaven(String version) {
            if (version == null) {
                return V1_9;
            }
            int major = leadingNumber(version, 0);
            int dot = version.indexOf('.');
            int minor = dot < 0 ? -1 : leadingNumber(version, dot + 1);
            if (major < 0 || minor < 0) {
                return V1_9;
            }
            if (major > 3 || major == 3 && minor >= 10) {
                return V2;
            }
            return major == 3 && minor == 9 ? V1_9 : BEFORE_1_9;
        }

        private static int leadingNumber(String text, int from) {
            int end = from;
            while (end < text.length() && end - from < 6 && Character.isDigit(text.charAt(end))) {
                end++;
            }
            return end == from ? -1 : Integer.parseInt(text.substring(from, end));
        }

        private String lrmPrefix() {
            return this == V2 ? LRM_2 : LRM_1_9;
        }
    }

    private final Map<String, String> properties;
    private final List<String> notes;
    private final String notice;

    private ResolverProperties(Map<String, String> properties, List<String> notes, String notice) {
        this.properties = Collections.unmodifiableMap(properties);
        this.notes = Collections.unmodifiableList(notes);
        this.notice = notice;
    }

    /**
     * @param mavenVersion Maven's {@code maven.version}, or null if unknown
     * @param part         the build's own part (a lane, land's check builds), or null: the main checkout, or outside git
     * @param laneInstalls {@code queuelock.lanes.installs}: own or shared
     * @param chosen       what the user set: user properties, system properties, active settings profiles' properties
     */
    public static ResolverProperties decide(String mavenVersion, LocalRepositoryParts.Part part, String laneInstalls,
                                            List<? extends Map<?, ?>> chosen) {
        Resolver resolver = Resolver.ofMaven(mavenVersion);
        Map<String, String> set = new LinkedHashMap<>();
        List<String> notes = new ArrayList<>(2);
        notes.add(locking(resolver, chosen, set));
        if (part == null) {
            notes.add("installs go where Maven always puts them (the main checkout's part: lanes resolve it "
                    + "unless they installed their own)");
            return new ResolverProperties(set, notes, null);
        }
        if (resolver == Resolver.BEFORE_1_9) {
            return new ResolverProperties(set, notes, "Local repository: " + resolver.describe + " cannot keep " + part.owner()
                    + "'s installs apart: what it installs, other lanes resolve, and it resolves theirs (Maven 3.9 or newer keeps them apart).");
        }
        notes.add(laneInstalls(resolver, part, laneInstalls, chosen, set));
        return new ResolverProperties(set, notes, null);
    }

    /** How builds at once share the local repository; puts what it turns on into {@code set}. */
    private static String locking(Resolver resolver, List<? extends Map<?, ?>> chosen, Map<String, String> set) {
        String ownLocks = firstKey(chosen, SYNC_CONTEXT, null);
        if (ownLocks != null) {
            return "locking as you set it (" + ownLocks + "), left alone";
        }
        if (resolver == Resolver.V1_9) {
            set.put(NAMED_FACTORY, FILE_LOCK);
            set.put(NAME_MAPPER, FILE_GAV);
            return "locked across processes (" + NAMED_FACTORY + "=" + FILE_LOCK + ", " + NAME_MAPPER + "=" + FILE_GAV
                    + "): builds at once share it safely";
        }
        if (resolver == Resolver.V2) {
            return "locked across processes by " + resolver.describe + "'s default (" + FILE_LOCK + ", " + FILE_GAV + ")";
        }
        return "not locked across processes: " + resolver.describe + " has no such lock, so builds running at once "
                + "(skipped queue, several slots) can spoil what they write to it at the same moment; Maven 3.9 locks it";
    }

    /** Where a lane's (or land's check builds') installs go on a resolver that can split; puts the split into {@code set}. */
    private static String laneInstalls(Resolver resolver, LocalRepositoryParts.Part part, String laneInstalls,
                                       List<? extends Map<?, ?>> chosen, Map<String, String> set) {
        if (LocalRepositorySettings.SHARED.equals(laneInstalls)) {
            return LocalRepositorySettings.LANE_INSTALLS + "=" + laneInstalls + ": " + part.owner()
                    + " installs to and resolves from the shared place, as every lane does";
        }
        String ownLayout = firstKey(chosen, LRM_1_9, LRM_2);
        if (ownLayout != null) {
            return "layout as you set it (" + ownLayout + "), left alone: " + part.owner() + "'s installs are not put apart";
        }
        String lrm = resolver.lrmPrefix();
        set.put(lrm + SPLIT, "true");
        set.put(lrm + LOCAL_PREFIX, part.prefix());
        set.put(lrm + "remotePrefix", ""); // downloads where they always were
        return part.owner() + " installs to " + part.prefix() + " and resolves from there first; downloads stay shared";
    }

    /** The first {@code key=value} among {@code chosen} whose key starts with {@code prefix} or {@code otherPrefix}. */
    private static String firstKey(List<? extends Map<?, ?>> chosen, String prefix, String otherPrefix) {
        for (Map<?, ?> properties : chosen) {
            for (Map.Entry<?, ?> e : properties.entrySet()) {
                String key = String.valueOf(e.getKey());
                if (key.startsWith(prefix) || otherPrefix != null && key.startsWith(otherPrefix)) {
                    return key + "=" + e.getValue();
                }
            }
        }
        return null;
    }

    /** The resolver properties to set, in a stable order; empty when nothing is to change. */
    public Map<String, String> properties() {
        return properties;
    }

    /** What was decided and why, for the debug log: one line each, without a prefix. */
    public List<String> notes() {
        return notes;
    }

    /** What a person should know even without the debug log (a lane on Maven before 3.9); the extension says it once per lane. */
    public Optional<String> notice() {
        return Optional.ofNullable(notice);
    }
}
