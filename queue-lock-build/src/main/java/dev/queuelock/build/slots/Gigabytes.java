package dev.queuelock.build.slots;

/**
 * How sizes and core counts read in {@code auto}'s one-line account. By hand, not
 * {@code String.format}: its first call loads the formatter's machinery, milliseconds an acquire
 * should not pay.
 */
final class Gigabytes {

    private Gigabytes() {
    }

    /** Bytes as GB (2^30) with one decimal: {@code 40.0}; {@code ?} if unknown (negative). */
    static String format(long bytes) {
        return bytes < 0 ? "?" : decimals(bytes / (double) MachineFacts.GB, 1);
    }

    /** Busy cores: one decimal from 1 up ({@code 2.5}), two below ({@code 0.24}). */
    static String cores(double cores) {
        return decimals(cores, cores >= 1 ? 1 : 2);
    }

    /** {@code value} with 1 or 2 decimals. */
    static String decimals(double value, int places) {
        long scale = places == 1 ? 10 : 100;
        long scaled = Math.round(value * scale);
        String fraction = Long.toString(scaled % scale);
        while (fraction.length() < places) {
            fraction = "0" + fraction;
        }
        return scaled / scale + "." + fraction;
    }
}
