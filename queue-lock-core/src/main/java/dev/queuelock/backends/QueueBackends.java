package dev.queuelock.backends;

import dev.queuelock.QueueLockException;
import dev.queuelock.spi.QueueBackend;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.TreeMap;

/** Finds backends by name among those on the class path. */
public final class QueueBackends {

    /** {@code java -jar} ignores the class path, so the CLI needs its main class named. */
    private static final String ZOOKEEPER_HINT = " (put queue-lock-zookeeper and its dependencies on the class path; the CLI"
            + " then runs as java -cp <cli jar>:<those jars> dev.queuelock.cli.Main, as java -jar ignores the class path)";

    private QueueBackends() {
    }

    /**
     * The backend called {@code name}.
     *
     * @throws QueueLockException naming the known backends if none is called so
     */
    public static QueueBackend named(String name) {
        Map<String, QueueBackend> known = available();
        QueueBackend backend = known.get(name);
        if (backend == null) {
            throw new QueueLockException("unknown queue backend '" + name + "'; known: " + String.join(", ", known.keySet())
                    + (name.equals("zookeeper") ? ZOOKEEPER_HINT : "") + ".");
        }
        return backend;
    }

    /** Every backend visible from this library's class loader and from the thread's context class loader, by name. */
    public static Map<String, QueueBackend> available() {
        Map<String, QueueBackend> byName = new TreeMap<>();
        // A host may run its caller with a class loader of the caller's own as the context loader: a
        // backend added beside that caller is visible only there, not from the loader core came from.
        addFrom(QueueBackend.class.getClassLoader(), byName);
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        if (context != null && context != QueueBackend.class.getClassLoader()) {
            addFrom(context, byName);
        }
        return byName;
    }

    private static void addFrom(ClassLoader loader, Map<String, QueueBackend> byName) {
        try {
            for (QueueBackend backend : ServiceLoader.load(QueueBackend.class, loader)) {
                byName.putIfAbsent(backend.name(), backend);
            }
        } catch (ServiceConfigurationError e) {
            // A provider from another realm that implements another copy of the interface: not ours to use.
        }
    }
}
