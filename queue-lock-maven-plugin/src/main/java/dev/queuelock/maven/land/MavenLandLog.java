package dev.queuelock.maven.land;

import dev.queuelock.WaitEvent;
import dev.queuelock.WaitText;
import dev.queuelock.land.base.LandLog;
import dev.queuelock.land.history.LandStats;
import java.util.Optional;
import java.util.function.Supplier;
import org.apache.maven.plugin.logging.Log;

/** A landing's progress through the mojo's logger: one line per change of queue position, with an ETA. */
public final class MavenLandLog implements LandLog {

    private final Log log;
    private final LandStats stats;
    private final WaitText landText = new WaitText("Land queue", "landing");
    private final WaitText buildText = new WaitText("Build queue (for the checks)", "build");
    /** Where this lander stands in the land queue now ({@code LandQueuePlace}); empty once it no longer waits. */
    private final Supplier<Optional<String>> place;
    private String placeSaid;

    public MavenLandLog(Log log, LandStats stats) {
        this(log, stats, Optional::empty);
    }

    /** @param place where this lander stands in the land queue, said with each change of its wait */
    public MavenLandLog(Log log, LandStats stats, Supplier<Optional<String>> place) {
        this.log = log;
        this.stats = stats;
        this.place = place;
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
        landText.line(event, stats.eta(event.ahead(), event.holderElapsed())).ifPresent(line -> log(event, line));
        if (!event.isWarning()) {
            place.get().filter(line -> !line.equals(placeSaid)).ifPresent(line -> {
                placeSaid = line;
                log.info("Where: " + line);
            });
        }
    }

    @Override
    public void buildWait(WaitEvent event) {
        buildText.line(event).ifPresent(line -> log(event, line));
        buildText.slotsLine(event).ifPresent(log::info);
    }

    private void log(WaitEvent event, String line) {
        if (event.isWarning()) {
            log.warn(line);
        } else {
            log.info(line);
        }
    }
}
