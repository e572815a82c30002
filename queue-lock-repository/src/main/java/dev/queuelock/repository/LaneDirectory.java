package dev.queuelock.repository;

import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A lane's number and port, read off its worktree directory's name ({@code <repo>-lane-<n>}) and
 * nothing else: no git, no file read, so the core extension can afford it in every session.
 */
public final class LaneDirectory {

    /** Default of {@code queuelock.lanes.worktreeSuffix}: lane 3 of {@code shop} lives in {@code ../shop-lane-3}. */
    public static final String DEFAULT_WORKTREE_SUFFIX = "-lane-";

    /** Default of {@code queuelock.lanes.portBase}: lane n gets port 8080 + n. */
    public static final int DEFAULT_PORT_BASE = 8080;

    /** The highest port a lane may get. */
    public static final int MAX_PORT = 65535;

    /** The highest {@code queuelock.lanes.portBase}: it leaves the first hundred lanes a port each. */
    public static final int MAX_PORT_BASE = MAX_PORT - 100;

    /** Set by the extension in every build inside lane n: outputs a POM can use, not settings. */
    public static final String NUMBER_PROPERTY = "queuelock.lane.number";
    public static final String PORT_PROPERTY = "queuelock.lane.port";
    /** What a lane's named port's property starts with: {@code queuelock.lane.port.http} (see {@code LanePortSettings}). */
    public static final String NAMED_PORT_PREFIX = PORT_PROPERTY + ".";

    /** More lanes than this is a runaway loop, not a team. */
    private static final int MAX_LANES = 1000;

    private final String worktreeSuffix;
    private final int portBase;
    private final Pattern name;

    public LaneDirectory(String worktreeSuffix, int portBase) {
        this.worktreeSuffix = worktreeSuffix;
        this.portBase = portBase;
        this.name = Pattern.compile("(.+)" + Pattern.quote(worktreeSuffix) + "([1-9][0-9]{0,5})");
    }

    public static LaneDirectory defaults() {
        return new LaneDirectory(DEFAULT_WORKTREE_SUFFIX, DEFAULT_PORT_BASE);
    }

    /** The lane number of a worktree directory, if its name is {@code <anything><suffix><n>}. */
    public OptionalInt number(Path worktree) {
        Matcher m = matcher(worktree);
        return m.matches() ? OptionalInt.of(Integer.parseInt(m.group(2))) : OptionalInt.empty();
    }

    /** The lane number of {@code worktree} if it is a lane of the main checkout {@code mainCheckout}. */
    public OptionalInt numberBeside(Path mainCheckout, Path worktree) {
        Matcher m = matcher(worktree);
        boolean sibling = mainCheckout.getParent() != null && mainCheckout.getParent().equals(worktree.getParent());
        return m.matches() && sibling && m.group(1).equals(String.valueOf(mainCheckout.getFileName()))
                ? OptionalInt.of(Integer.parseInt(m.group(2))) : OptionalInt.empty();
    }

    /** The main checkout a lane named {@code <repo><suffix><n>} lives beside: {@code <repo>}, its sibling; read off the name alone. */
    public Optional<Path> mainCheckoutOf(Path worktree) {
        Matcher m = matcher(worktree);
        return m.matches() ? Optional.of(worktree.resolveSibling(m.group(1))) : Optional.empty();
    }

    /** Where lane {@code n} of {@code mainCheckout} lives: beside it, {@code <repo><suffix><n>}. */
    public Path path(Path mainCheckout, int n) {
        return mainCheckout.resolveSibling(mainCheckout.getFileName() + worktreeSuffix + n);
    }

    /** The highest lane number: every lane must get a port no higher than {@link #MAX_PORT}. */
    public int maxLanes() {
        return Math.min(MAX_LANES, MAX_PORT - portBase);
    }

    public int port(int laneNumber) {
        return portBase + laneNumber;
    }

    public String worktreeSuffix() {
        return worktreeSuffix;
    }

    private Matcher matcher(Path worktree) {
        Path file = worktree.getFileName();
        return name.matcher(file == null ? "" : file.toString());
    }
}
