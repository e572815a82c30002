package dev.queuelock.maven.extension;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.apache.maven.execution.MavenExecutionRequest;

/**
 * This plugin's own goals on the command line: recognised (a session of only these takes no
 * build lock) and pinned to this extension's exact coordinates, so {@code queuelock:status}
 * resolves without a POM entry or plugin group and never runs another version.
 */
final class OwnGoals {

    private final String groupId;
    private final String artifactId;
    private final String version;
    private final String prefix;

    private OwnGoals(String groupId, String artifactId, String version, String prefix) {
        this.groupId = groupId;
        this.artifactId = artifactId;
        this.version = version;
        this.prefix = prefix;
    }

    /** The coordinates filtered into this jar at build time, read once: the build queue's spy and participant both ask. */
    static OwnGoals ofThisPlugin() {
        return ThisPlugin.GOALS;
    }

    /** Loaded on first use, by the JVM's class initialisation (once, thread-safe). */
    private static final class ThisPlugin {
        static final OwnGoals GOALS = read();
    }

    private static OwnGoals read() {
        Properties p = new Properties();
        try (InputStream in = OwnGoals.class.getResourceAsStream("/dev/queuelock/maven/plugin.properties")) {
            if (in == null) {
                throw new IllegalStateException("plugin.properties missing from the queue-lock plugin jar");
            }
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new OwnGoals(p.getProperty("groupId"), p.getProperty("artifactId"), p.getProperty("version"),
                p.getProperty("goalPrefix"));
    }

    /**
     * Pins this plugin's goals in {@code request} and makes its group a plugin group.
     *
     * @return the goals as they were typed
     */
    List<String> pin(MavenExecutionRequest request) {
        List<String> typed = new ArrayList<>(request.getGoals());
        request.addPluginGroup(groupId);
        request.setGoals(pinned(typed));
        return typed;
    }

    /** True if there are goals and every one is this plugin's (lifecycle phases are not). */
    boolean onlyOwn(List<String> goals) {
        if (goals.isEmpty()) {
            return false;
        }
        for (String goal : goals) { // a loop, not a stream: this runs in every Maven session
            if (!isOwn(goal)) {
                return false;
            }
        }
        return true;
    }

    boolean isOwn(String goal) {
        return goal.startsWith(prefix + ":") || goal.startsWith(groupId + ":" + artifactId + ":");
    }

    /** The goals with {@code queuelock:x} and {@code groupId:artifactId:x} spelled {@code groupId:artifactId:version:x}. */
    List<String> pinned(List<String> goals) {
        List<String> out = new ArrayList<>(goals.size());
        String ga = groupId + ":" + artifactId + ":";
        for (String goal : goals) {
            if (goal.startsWith(prefix + ":")) {
                out.add(ga + version + ":" + goal.substring(prefix.length() + 1));
            } else if (goal.startsWith(ga) && goal.split(":").length == 3) {
                out.add(ga + version + ":" + goal.substring(ga.length()));
            } else {
                out.add(goal);
            }
        }
        return out;
    }
}
