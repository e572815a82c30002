package dev.queuelock.maven.land;

import dev.queuelock.Durations;
import dev.queuelock.LockRecord;
import dev.queuelock.WaitEvent;
import dev.queuelock.land.LandLog;
import dev.queuelock.land.LandStats;
import org.apache.maven.plugin.logging.Log;

/** A landing's progress through the mojo's logger: one line per change of queue position, with an ETA. */
public final class MavenLandLog implements LandLog {

    private final Log log;
    private final LandStats stats;
    private boolean landWaited;
    private boolean buildWaited;

    public MavenLandLog(Log log, LandStats stats) {
        this.log = log;
        this.stats = stats;
    }

    @Override
    public void info(String line) {
        log.info(line);
    }

    @Override
    public void warn(String line) {
        log.warn(line);
    }

    @Override
    public void error(String line) {
        log.error(line);
    }

    @Override
    public void landWait(WaitEvent event) {
        if (event.takeoverLine().isPresent()) {
            log.warn("Land queue: " + event.takeoverLine().get());
            return;
        }
        if (landWaited && event.holder().isEmpty()) {
            return; // the moment between two holders: the next line names the new one
        }
        landWaited = true;
        String holder = event.holder().map(h -> h.describe() + " landing for " + Durations.format(event.holderElapsed()))
                .orElse("nobody is landing right now");
        if (event.isStuckHolderWarning()) {
            log.warn("Land queue: " + holder + " - if that landing is stuck, stop it (kill " + event.holder().get().pid()
                    + "); a live holder is never forced out.");
            return;
        }
        String position = event.ahead() == 0 ? "next up" : event.ahead() + (event.ahead() == 1 ? " landing" : " landings") + " ahead";
        String eta = stats.eta(event.ahead(), event.holderElapsed()).map(d -> ", ETA ~" + Durations.format(d)).orElse("");
        log.info("Land queue: " + position + "; " + holder + eta);
    }

    @Override
    public void buildWait(WaitEvent event) {
        if (event.takeoverLine().isPresent()) {
            log.warn("Build queue (for the checks): " + event.takeoverLine().get());
            return;
        }
        if (buildWaited && event.holder().isEmpty()) {
            return;
        }
        buildWaited = true;
        String holder = event.holder().map(h -> h.describe() + ", building for " + Durations.format(event.holderElapsed()))
                .orElse("nobody builds right now");
        log.info("Build queue (for the checks): " + (event.ahead() == 0 ? "next up" : event.ahead() + " ahead") + "; " + holder);
    }
}
