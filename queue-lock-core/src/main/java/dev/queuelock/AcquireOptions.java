package dev.queuelock;

import java.time.Duration;
import java.util.Objects;
import java.util.function.Predicate;

/** What {@link QueueLock#acquire} records about the waiter and whom it tells about the wait. */
public final class AcquireOptions {

    /** Default interval between stuck-holder warnings, as in the npm tool: five minutes. */
    public static final Duration DEFAULT_STUCK_WARN_INTERVAL = Duration.ofMinutes(5);

    private final String label;
    private final WaitListener listener;
    private final Duration stuckWarnInterval;
    private final boolean releaseAtExit;
    /** Null for none: no lambda on the hot path of every build. */
    private final Runnable onTaken;
    private final String runsIn;
    /** Null for an ordinary waiter, served in arrival order; else which waiters keep their place ahead of this one. */
    private final Predicate<LockRecord> keptAhead;
    /** Null for an ordinary waiter; else held while a high-priority one is placed. */
    private final PlaceGuard placeGuard;
    /** Null: the holder's output goes where it was started. */
    private final String output;

    private AcquireOptions(String label, WaitListener listener, Duration stuckWarnInterval, boolean releaseAtExit,
            Runnable onTaken, String runsIn) {
        this(label, listener, stuckWarnInterval, releaseAtExit, onTaken, runsIn, null, null, null);
    }

    private AcquireOptions(String label, WaitListener listener, Duration stuckWarnInterval, boolean releaseAtExit,
            Runnable onTaken, String runsIn, Predicate<LockRecord> keptAhead, PlaceGuard placeGuard, String output) {
        this.output = output;
        this.keptAhead = keptAhead;
        this.placeGuard = placeGuard;
        this.label = label;
        this.runsIn = runsIn;
        this.releaseAtExit = releaseAtExit;
        this.onTaken = onTaken;
        this.listener = Objects.requireNonNull(listener, "listener");
        if (stuckWarnInterval.isZero() || stuckWarnInterval.isNegative()) {
            throw new IllegalArgumentException("stuck-holder warning interval must be positive: " + stuckWarnInterval);
        }
        this.stuckWarnInterval = stuckWarnInterval;
    }

    /** No label, no listener, default stuck-holder interval. */
    public static AcquireOptions defaults() {
        return new AcquireOptions(null, WaitListener.NONE, DEFAULT_STUCK_WARN_INTERVAL, true, null, null);
    }

    /** What the holder is doing (shown to waiters), e.g. the command it runs ({@code verify}). */
    public AcquireOptions withLabel(String newLabel) {
        return new AcquireOptions(newLabel, listener, stuckWarnInterval, releaseAtExit, onTaken, runsIn, keptAhead, placeGuard, output);
    }

    public AcquireOptions withListener(WaitListener newListener) {
        return new AcquireOptions(label, newListener, stuckWarnInterval, releaseAtExit, onTaken, runsIn, keptAhead, placeGuard, output);
    }

    /** How long a holder may hold before waiters are warned, and then again each such interval. */
    public AcquireOptions withStuckWarnInterval(Duration interval) {
        return new AcquireOptions(label, listener, interval, releaseAtExit, onTaken, runsIn, keptAhead, placeGuard, output);
    }

    /**
     * Whether the lock releases itself from a JVM shutdown hook (the default). A caller that must
     * stop work of its own first at shutdown (the CLI stops its command's process tree) turns this
     * off and releases in its own hook, since the JVM runs shutdown hooks concurrently.
     */
    public AcquireOptions withReleaseAtExit(boolean release) {
        return new AcquireOptions(label, listener, stuckWarnInterval, release, onTaken, runsIn, keptAhead, placeGuard, output);
    }

    /**
     * What to do first once the lock is taken, before the backend's own tidying after a take (the
     * file queue's ticket withdrawal, which wakes the next waiter to look while this runs): for a
     * holder whose first step is urgent, as the CLI's launch of its command. A backend that cannot
     * tell the moment runs nothing, so whatever did not run must run after acquire returns; make
     * it run once. It must not throw: a RuntimeException releases the lock and leaves acquire.
     */
    public AcquireOptions withOnTaken(Runnable action) {
        return new AcquireOptions(label, listener, stuckWarnInterval, releaseAtExit,
                Objects.requireNonNull(action, "action"), runsIn, keptAhead, placeGuard, output);
    }

    /** Runs the {@link #withOnTaken} action, if one was given. */
    public void runOnTaken() {
        if (onTaken != null) {
            onTaken.run();
        }
    }

    public boolean releaseAtExit() {
        return releaseAtExit;
    }

    /**
     * What the holder's process is when it is not the build itself, e.g. a build daemon's name: a
     * process that runs build after build for clients, which waiters are told not to stop for one
     * build ({@code lane a (verify), in <daemon> 4242}).
     */
    public AcquireOptions withRunsIn(String process) {
        return new AcquireOptions(label, listener, stuckWarnInterval, releaseAtExit, onTaken, process, keptAhead, placeGuard, output);
    }

    /**
     * A waiter of high priority: placed in line before the ordinary waiters, after the holders, the
     * waiters of high priority already there and the waiters {@code keptAhead} says keep their place
     * (e.g. those the holder has already taken on). A backend that serves strictly in arrival order
     * refuses it ({@link QueueLockException}) rather than serve it as an ordinary waiter.
     */
    public AcquireOptions withHighPriority(Predicate<LockRecord> keptAhead) {
        return withHighPriority(keptAhead, PlaceGuard.NONE);
    }

    /**
     * As {@link #withHighPriority(Predicate)}, where who keeps a place can change while this waiter
     * is placed: {@code guard} is held from reading {@code keptAhead} until the ticket is in line,
     * so the place given and the places kept agree.
     */
    public AcquireOptions withHighPriority(Predicate<LockRecord> keptAhead, PlaceGuard guard) {
        return new AcquireOptions(label, listener, stuckWarnInterval, releaseAtExit, onTaken, runsIn,
                Objects.requireNonNull(keptAhead, "keptAhead"), Objects.requireNonNull(guard, "guard"), output);
    }

    /**
     * Where the holder's output goes when it is not where it was started: a directory, one file per
     * run of its work, the newest being the current one. Recorded with the holder ({@link
     * LockRecord#output()}), so a waiter warned of a long hold is told where to look.
     */
    public AcquireOptions withOutput(String directory) {
        return new AcquireOptions(label, listener, stuckWarnInterval, releaseAtExit, onTaken, runsIn, keptAhead, placeGuard, directory);
    }

    /** See {@link #withOutput}; {@code null} when the output goes where the holder was started. */
    public String output() {
        return output;
    }

    /** Whether {@link #withHighPriority} was asked for. */
    public boolean highPriority() {
        return keptAhead != null;
    }

    /** Which waiters keep their place ahead of a high-priority one; none for an ordinary waiter. */
    public boolean keptAhead(LockRecord waiter) {
        return keptAhead != null && keptAhead.test(waiter);
    }

    /** Held while a waiter of high priority is placed ({@link #withHighPriority(Predicate, PlaceGuard)}); null for an ordinary waiter. */
    public PlaceGuard placeGuard() {
        return placeGuard;
    }

    /** See {@link #withRunsIn}; {@code null} when the holder's process is the build's own. */
    public String runsIn() {
        return runsIn;
    }

    /** The label, or {@code null} for none (the npm tool then omits the field). */
    public String label() {
        return label;
    }

    public WaitListener listener() {
        return listener;
    }

    public Duration stuckWarnInterval() {
        return stuckWarnInterval;
    }
}
