package dev.queuelock.maven.goals;

import java.util.List;
import org.apache.maven.plugin.logging.Log;

/**
 * Keeps ZooKeeper's and Curator's own logging out of a goal's output unless Maven runs with
 * {@code -X}: an unreachable ensemble otherwise prints its client environment and stack traces
 * around our one-line error. They log through Maven's slf4j simple logger, which reads a logger's
 * level from the system property {@code org.slf4j.simpleLogger.log.<name>} when the logger is made,
 * so this must run before the ZooKeeper backend is first used. A level the user set is kept.
 */
final class QuietLibraries {

    private static final List<String> LOGGERS = List.of("org.apache.zookeeper", "org.apache.curator");

    private QuietLibraries() {
    }

    static void unlessDebug(Log log) {
        if (log.isDebugEnabled()) {
            return;
        }
        for (String logger : LOGGERS) {
            String key = "org.slf4j.simpleLogger.log." + logger;
            if (System.getProperty(key) == null) {
                System.setProperty(key, "off");
            }
        }
    }
}
