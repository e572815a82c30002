package dev.queuelock.bench;

/** Prints this JVM's {@link Clock#now()}: {@link ClockCheck} compares it with the benchmark's. */
public final class ClockProbe {

    private ClockProbe() {
    }

    public static void main(String[] args) {
        System.out.println(Clock.now());
    }
}
