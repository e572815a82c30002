package dev.queuelock.spi;

/**
 * The JVM shutdown hook a lock registers while it waits or holds, so Ctrl-C, SIGTERM or a plain
 * exit gives the queue back; removed again once the lock is released normally.
 */
public final class ReleaseAtExit {

    private final String name;
    private final Runnable release;
    private Thread hook;

    public ReleaseAtExit(String name, Runnable release) {
        this.name = name;
        this.release = release;
    }

    public synchronized void install() {
        if (hook == null) {
            hook = new Thread(release, name);
            Runtime.getRuntime().addShutdownHook(hook);
        }
    }

    public synchronized void remove() {
        if (hook != null && Thread.currentThread() != hook) {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running or about to: it will release
            }
        }
        hook = null;
    }
}
