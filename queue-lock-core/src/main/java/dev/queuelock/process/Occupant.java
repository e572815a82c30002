package dev.queuelock.process;

import java.nio.file.Path;

/** A process and the directory it works in, as the process layer saw it. */
public final class Occupant {

    private final long pid;
    private final long parent;
    private final String command;
    private final Path directory;

    /**
     * @param parent  the parent's pid, 0 if unknown
     * @param command the command name as the OS gives it (possibly cut short: Linux keeps 15 characters)
     */
    public Occupant(long pid, long parent, String command, Path directory) {
        this.pid = pid;
        this.parent = parent;
        this.command = command;
        this.directory = directory;
    }

    public long pid() {
        return pid;
    }

    public long parent() {
        return parent;
    }

    public String command() {
        return command;
    }

    public Path directory() {
        return directory;
    }

    @Override
    public String toString() {
        return command + " (pid " + pid + ")";
    }
}
