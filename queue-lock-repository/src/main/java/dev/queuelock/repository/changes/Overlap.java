package dev.queuelock.repository.changes;

import java.util.List;

/**
 * Two worktrees that change the same files, and, where both have commits of their own, whether
 * those commits would conflict ({@link TextualConflict}). Found by {@link ChangeForecast}.
 */
public final class Overlap {

    /** How many shared files a line names before it says how many more there are. */
    static final int NAMED_FILES = 3;

    public final String first;
    public final String second;
    /** The files both change, in the first's order. */
    public final List<String> files;
    /** Null where it was not judged: uncommitted work on a side, or nobody asked. */
    public final TextualConflict conflict;

    Overlap(String first, String second, List<String> files, TextualConflict conflict) {
        this.first = first;
        this.second = second;
        this.files = List.copyOf(files);
        this.conflict = conflict;
    }

    Overlap judged(TextualConflict verdict) {
        return new Overlap(first, second, files, verdict);
    }

    /** Whether {@code name} is one of the two. */
    public boolean names(String name) {
        return first.equals(name) || second.equals(name);
    }

    /** The other one of the two, seen from {@code name}. */
    public String other(String name) {
        return first.equals(name) ? second : first;
    }

    /** {@code shop-lane-1 and shop-lane-2 both change a.txt, b.txt; their commits would conflict in a.txt}. */
    public String describe() {
        return first + " and " + second + " both change " + files(files) + (conflict == null ? "" : "; " + conflict.describe());
    }

    /** {@code a.txt, b.txt, c.txt and 2 more}. */
    public static String files(List<String> files) {
        String named = String.join(", ", files.subList(0, Math.min(NAMED_FILES, files.size())));
        return files.size() > NAMED_FILES ? named + " and " + (files.size() - NAMED_FILES) + " more" : named;
    }
}
