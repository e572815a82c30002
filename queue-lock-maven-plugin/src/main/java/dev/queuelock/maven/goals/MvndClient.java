package dev.queuelock.maven.goals;

import java.lang.reflect.Method;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The standard output of the mvnd client that started this build, when the build runs in a Maven
 * Daemon (mvnd 1.x and 2.x). A daemon's own standard output is its log file, and the build's
 * {@code System.out} is a logger that {@code -q} silences, so an answer printed either way never
 * reaches {@code $(mvnd -q queuelock:port)}. mvnd sends a build's client a "print to standard
 * output" message for what its own code prints ({@code Message.out}); this sends the answer that
 * way, through mvnd's classes as the daemon loaded them (reflection: the plugin does not depend on
 * mvnd, and outside mvnd there is nothing to find).
 */
final class MvndClient {

    private MvndClient() {
    }

    /** Where to print for the current build's client; empty outside mvnd or if mvnd's classes are not what we know. */
    static Optional<Consumer<String>> stdout() {
        if (System.getProperty("mvnd.home") == null) {
            return Optional.empty();
        }
        try {
            ClassLoader core = org.apache.maven.execution.MavenSession.class.getClassLoader();
            Class<?> connection = Class.forName("org.mvndaemon.mvnd.daemon.Connection", false, core);
            Class<?> message = Class.forName("org.mvndaemon.mvnd.common.Message", false, core);
            Object current = connection.getMethod("getCurrent").invoke(null);
            if (current == null) {
                return Optional.empty();
            }
            Method out = message.getMethod("out", String.class);
            Method dispatch = connection.getMethod("dispatch", message);
            return Optional.of(line -> {
                try {
                    dispatch.invoke(current, out.invoke(null, line));
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException("mvnd did not take the answer: " + e, e);
                }
            });
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            return Optional.empty();
        }
    }
}
