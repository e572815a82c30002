package dev.queuelock.land.engine;

import dev.queuelock.land.base.LandResult;
import java.util.Optional;

/**
 * What one attempt of a landing came to, as its {@link LandingDriver} returns it: the checked
 * commit to push, or how the landing ended. Immutable: a driver returns a new step for each
 * attempt and for its end, carrying along whatever the earlier ones decided.
 */
public interface LandingStep {

    /** The checked commit to push; null before the first attempt or when an attempt found none. */
    String commit();

    /** How the landing ended; empty while the commit is still to be pushed. */
    Optional<LandResult> ended();
}
