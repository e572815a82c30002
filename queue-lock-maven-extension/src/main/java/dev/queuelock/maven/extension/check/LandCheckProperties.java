package dev.queuelock.maven.extension.check;

/**
 * The user properties {@code queuelock:land} gives its check build and the core extension reads in
 * it ({@link CheckReactor}): the one place both sides name them. The plugin compiles against them
 * only (a provided dependency): javac copies a constant's value into the class that names it, so
 * the plugin loads nothing of the extension, which it finds in no realm where the extension is not
 * listed ({@code ExtensionExportsTest} holds it so).
 */
public final class LandCheckProperties {

    /** A file listing the landing's changed paths, one per line, relative to {@link #ROOT}. */
    public static final String CHANGED_FILES = "queuelock.check.changedFiles";
    /** The worktree the changed paths are relative to. */
    public static final String ROOT = "queuelock.check.root";
    /**
     * A speculative check of one lane on top of others: a file listing the paths the lane itself
     * changes; {@link #CHANGED_AHEAD} lists those the lanes ahead of it change.
     */
    public static final String CHANGED_OWN = "queuelock.check.changedOwn";
    /** A file listing the paths the lanes ahead of a speculative check's lane change. */
    public static final String CHANGED_AHEAD = "queuelock.check.changedAhead";
    /** Where the check build writes its plan (which modules it tests, and why) for land's report. */
    public static final String PLAN = "queuelock.check.plan";
    private LandCheckProperties() {
    }
}
