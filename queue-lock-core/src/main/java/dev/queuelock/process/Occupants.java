package dev.queuelock.process;

import java.util.List;
import java.util.Optional;

/** A snapshot of where processes work, or the reason nobody can tell. */
public final class Occupants {

    private final List<Occupant> all;
    private final String unknownBecause;

    private Occupants(List<Occupant> all, String unknownBecause) {
        this.all = List.copyOf(all);
        this.unknownBecause = unknownBecause;
    }

    public static Occupants of(List<Occupant> all) {
        return new Occupants(all, null);
    }

    /**
     * @param reason one sentence a user can act on, e.g. that lsof is not installed; what nobody can
     *               tell then means for the directories judged by it is said by whoever judges them
     */
    public static Occupants unknown(String reason) {
        return new Occupants(List.of(), reason);
    }

    /** Whether the OS could say where processes work; if not, callers fail closed (count everything as busy). */
    public boolean known() {
        return unknownBecause == null;
    }

    /** Why it could not be told; empty when {@link #known()}. */
    public Optional<String> unknownBecause() {
        return Optional.ofNullable(unknownBecause);
    }

    /** Every process seen, this JVM excluded (it works wherever it was started; it occupies nothing). */
    public List<Occupant> all() {
        return all;
    }
}
