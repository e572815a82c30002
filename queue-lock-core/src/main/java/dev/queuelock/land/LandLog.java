package dev.queuelock.land;

/** Where a landing reports progress: Maven's logger in the plugin; the core never prints. */
public interface LandLog {

    void info(String line);

    void warn(String line);

    void error(String line);
}
