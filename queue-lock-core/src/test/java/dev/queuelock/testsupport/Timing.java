package dev.queuelock.testsupport;

import java.time.Duration;

/**
 * The tests' one timing knob, as Curator's {@code Timing}: every bound a test waits up to (a child
 * JVM's exit, git, a worker's log line) is written as a base here and scaled by
 * {@code -Dqueuelock.test.timing=<factor>} (default 1) on a slow or crowded machine, e.g.
 * {@code mvn verify -Dqueuelock.test.timing=3}. Bounds only, generous on purpose: a test asserts
 * what happens, never how fast.
 */
public final class Timing {

    /** The system property that scales every bound. */
    public static final String PROPERTY = "queuelock.test.timing";

    private static final double FACTOR = factor();

    private Timing() {
    }

    /** {@code seconds}, scaled. */
    public static Duration seconds(long seconds) {
        return scaled(Duration.ofSeconds(seconds));
    }

    /** {@code bound}, scaled. */
    public static Duration scaled(Duration bound) {
        return FACTOR == 1 ? bound : Duration.ofMillis((long) Math.ceil(bound.toMillis() * FACTOR));
    }

    /** How long one git command may take: 60 s, scaled. */
    public static Duration forGit() {
        return seconds(60);
    }

    /** How long a child JVM may take to start and say it is ready: 45 s, scaled. */
    public static Duration forChildToStart() {
        return seconds(45);
    }

    /** How long a Maven run of an IT (a build, a land with its check build) may take: 180 s, scaled. */
    public static Duration forMaven() {
        return seconds(180);
    }

    /** How long an IT's {@code mvn} may take to reach its first line of interest: 90 s, scaled. */
    public static Duration forMavenToStart() {
        return seconds(90);
    }

    private static double factor() {
        String value = System.getProperty(PROPERTY, "1").trim();
        try {
            double factor = Double.parseDouble(value);
            if (factor >= 1) {
                return factor;
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw new IllegalArgumentException(PROPERTY + " must be a number of 1 or more, not '" + value + "'");
    }
}
