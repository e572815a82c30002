package dev.queuelock.land.base;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;

/** A {@link LandLog} that keeps every line, prefixed with its level: {@code INFO }, {@code WARN }, {@code ERROR }. */
public final class RecordedLog implements LandLog {

    private final List<String> lines = new CopyOnWriteArrayList<>();

    @Override
    public void info(String line) {
        lines.add("INFO " + line);
    }

    @Override
    public void warn(String line) {
        lines.add("WARN " + line);
    }

    @Override
    public void error(String line) {
        lines.add("ERROR " + line);
    }

    /** Every line so far, with its level. */
    public List<String> lines() {
        return lines;
    }

    /** The warnings so far, without their level. */
    public List<String> warnings() {
        return lines.stream().filter(line -> line.startsWith("WARN ")).map(line -> line.substring(5)).collect(Collectors.toList());
    }
}
