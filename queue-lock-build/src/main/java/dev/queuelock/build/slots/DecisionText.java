package dev.queuelock.build.slots;

/**
 * An {@link AutoSlots.Decision}'s arithmetic in one line, put in words only when asked (status, a
 * waiter's report), not at every acquire: so a session loads this only when it tells the decision.
 */
final class DecisionText {

    private DecisionText() {
    }

    /**
     * What the machine showed and the slots it gave, then the two bounds, e.g. {@code auto:
     * pressure: cpu some 100 %, memory 0 %, io 3 %; load 7.1 on 2 cores, 1.0 of it ours → 1 slot
     * = at least 1, as min(now (2 cores - 6.1 others' load) / 1.0 per build = 0, idle 2): idle
     * min(cores 2 / 1.0 busy per build = ...) over 6 recent builds}.
     */
    static String of(AutoSlots.Decision d) {
        int idle = AutoSlots.Decision.fits(d.byCpu, d.byMemory, d.cap);
        int slots = d.slots();
        if (d.now == null) {
            return "auto: " + slots + " = " + idleAccount(d, idle);
        }
        int fits = Math.min(idle, d.now.slots());
        return "auto: " + d.now.saw() + " → " + slots + (slots == 1 ? " slot = " : " slots = ") + (fits < 1 ? "at least 1, as " : "")
                + "min(now " + d.now.arithmetic(d.wanted) + ", idle " + idle + "): idle " + idleAccount(d, idle);
    }

    private static String idleAccount(AutoSlots.Decision d, int fits) {
        MachineFacts machine = d.machine;
        RecentBuilds builds = d.builds;
        StringBuilder line = new StringBuilder();
        if (fits < 1) {
            line.append("at least 1, as ");
        }
        line.append("min(cores ").append(machine.cores()).append(" / ").append(Gigabytes.cores(d.wanted))
                .append(" busy per build = ");
        double fit = machine.cores() / d.wanted;
        if (d.byCpu > Math.floor(fit + 1e-9)) {
            line.append(Gigabytes.cores(fit)).append(", one more as sharing gives results sooner = ");
        }
        int holding = d.now == null ? 0 : d.now.holding();
        line.append(d.byCpu).append(", ").append(holding > 0 ? holding + " holding + " : "").append("(available ")
                .append(Gigabytes.format(machine.availableBytes())).append(" GB - reserve ").append(Gigabytes.format(d.reserve))
                .append(" GB) / peak ").append(Gigabytes.format(builds.peakBytes())).append(" GB = ").append(d.byMemory);
        if (d.cap < Math.min(d.byCpu, d.byMemory)) {
            line.append(", ").append(AutoSlots.MAX_PER_CORE).append(" per core = ").append(d.cap);
        }
        line.append(fits < 1 ? ") = 0" : ")").append(" over ").append(builds.count())
                .append(builds.count() == 1 ? " recent build" : " recent builds");
        if (builds.countedBusier() > 0) {
            line.append("; ").append(builds.countedBusier()).append(" counted busier: they shared full cores");
        }
        if (machine.swapUsedBytes() > 0) {
            line.append("; ").append(Gigabytes.format(machine.swapUsedBytes())).append(" GB swap in use");
        }
        return line.toString();
    }
}
