package dev.queuelock;

import java.io.IOException;

/**
 * What a waiter of high priority holds from reading who keeps their place ahead of it until its
 * ticket is in line ({@link AcquireOptions#withHighPriority(java.util.function.Predicate, PlaceGuard)}).
 * Whoever changes who keeps a place (a holder taking waiters on) holds it too, so the two never
 * cross: no waiter is placed ahead of one that was kept ahead between the read and the enrollment.
 */
public interface PlaceGuard {

    /** No guard: for a caller whose waiters kept ahead do not change while others are placed. */
    PlaceGuard NONE = Placing::run;

    /** Reading the line and enrolling in it. */
    interface Placing {
        void run() throws IOException;
    }

    /** Runs {@code placing} while nobody changes who keeps a place ahead. */
    void whilePlacing(Placing placing) throws IOException;
}
