package dev.queuelock.process;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Process facts from {@code /proc}. The start token is the boot id plus the start time in clock
 * ticks from {@code /proc/<pid>/stat}: exact, and immune to wall-clock steps (the JDK's
 * {@code startInstant} is derived from a boot time that moves when the clock is stepped, so two
 * JVMs may disagree about it). A dead holder's tree is found by the {@value HolderTree#ENV} its
 * processes carry in {@code /proc/<pid>/environ}; working directories are {@code /proc/<pid>/cwd},
 * command lines {@code /proc/<pid>/cmdline}.
 */
final class LinuxProcesses extends Processes {

    static final String NAME = "linux";

    private static final Path PROC = Paths.get("/proc");

    private final String bootId;
    /** This JVM's pid once read; 0 before. */
    private static volatile long ownPid;

    private LinuxProcesses(String why, String bootId) {
        super(why);
        this.bootId = bootId;
    }

    /** The Linux implementation if {@code /proc} answers (one read, the same the old path made at start). */
    static Optional<Processes> ifReadable(String why) {
        try {
            String id = new String(Files.readAllBytes(PROC.resolve("sys/kernel/random/boot_id")), StandardCharsets.UTF_8);
            return Optional.of(new LinuxProcesses(why, id.trim()));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    @Override
    public String name() {
        return NAME;
    }

    /**
     * From {@code /proc/self}, the same {@code /proc} every other fact here comes from: the JDK's
     * {@code ProcessHandle} would first set up its process machinery (an executor, lambdas) on every
     * build's hot path.
     */
    @Override
    public long ownPid() {
        long pid = ownPid;
        if (pid == 0) {
            try {
                pid = Long.parseLong(Files.readSymbolicLink(PROC.resolve("self")).toString());
            } catch (IOException | RuntimeException e) {
                pid = ProcessHandle.current().pid();
            }
            ownPid = pid;
        }
        return pid;
    }

    @Override
    public Optional<String> startToken(long pid) {
        Optional<Stat> stat = stat(pid);
        return stat.isPresent() ? Optional.of(token(stat.get())) : Optional.empty();
    }

    /**
     * From a single read of {@code /proc/<pid>/stat}, the same file the JDK's {@code ProcessHandle}
     * reads (a waiter judges the holder on every poll, and four reads of it were most of an idle
     * waiter's CPU): no such file = gone; a zombie = dead; else alive if the start matches.
     */
    @Override
    public boolean isAlive(long pid, String start) {
        if (pid <= 0) {
            return false;
        }
        String raw;
        try {
            raw = new String(Files.readAllBytes(PROC.resolve(Long.toString(pid)).resolve("stat")), StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return false;
        } catch (IOException | RuntimeException e) {
            // Unreadable: the JDK decides whether it runs; its start counts as unknown, so as the same.
            return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
        }
        Optional<Stat> stat = parse(raw);
        if (stat.isEmpty()) {
            return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
        }
        return stat.get().state != 'Z' && ProcessStart.matches(start, token(stat.get()));
    }

    /**
     * The inode of {@code /proc/<pid>}, one stat instead of reading and parsing its {@code stat}:
     * the kernel drops it when the process is reaped, and a later process given the pid gets a new
     * one. An inode the kernel evicted and made again only differs, so it is judged in full again.
     */
    @Override
    public Object identity(long pid) {
        try {
            return Files.readAttributes(PROC.resolve(Long.toString(pid)), BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS)
                    .fileKey();
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    @Override
    public boolean anyStartedBy(long pid, String start) {
        return EnvironScan.anyStartedBy(pid, start);
    }

    @Override
    public List<Long> keepers(long pid, String start) {
        List<Long> tree = EnvironScan.startedBy(pid, start);
        List<Long> roots = new ArrayList<>();
        for (long member : tree) {
            Optional<Stat> stat = stat(member);
            if (stat.isPresent() && stat.get().state != 'Z' && !tree.contains(stat.get().parent)) {
                roots.add(member);
            }
        }
        return roots;
    }

    @Override
    public List<ProcessHandle> startedBy(long pid, String start) {
        List<ProcessHandle> found = new ArrayList<>();
        for (long candidate : EnvironScan.startedBy(pid, start)) {
            // One start before the handle is taken and after the environment is read again: one process throughout.
            Optional<String> before = startToken(candidate);
            Optional<ProcessHandle> handle = ProcessHandle.of(candidate);
            if (before.isPresent() && handle.isPresent() && EnvironScan.carries(candidate, pid, start)
                    && before.equals(startToken(candidate))) {
                found.add(handle.get());
            }
        }
        return found;
    }

    @Override
    void prepareHolderScan() {
        EnvironScan.prepare();
    }

    @Override
    public Optional<Boolean> servesAConnection() {
        return ServerConnections.fromProc();
    }

    @Override
    public Occupants occupants() {
        String self = Long.toString(ownPid());
        List<Occupant> found = new ArrayList<>();
        try (DirectoryStream<Path> pids = Files.newDirectoryStream(PROC, "[0-9]*")) {
            for (Path dir : pids) {
                String pid = dir.getFileName().toString();
                if (pid.equals(self)) {
                    continue;
                }
                try {
                    Path cwd = Files.readSymbolicLink(dir.resolve("cwd"));
                    read(Long.parseLong(pid)).flatMap(LinuxProcesses::parse)
                            .ifPresent(stat -> found.add(new Occupant(Long.parseLong(pid), stat.parent, stat.command, cwd)));
                } catch (IOException | SecurityException | UnsupportedOperationException | NumberFormatException e) {
                    // another user's process, or one that just ended
                }
            }
        } catch (IOException e) {
            return Occupants.unknown("cannot list /proc (" + e.getMessage() + "): nobody can tell which processes work"
                    + " where");
        }
        return Occupants.of(found);
    }

    /** {@code /proc/<pid>/cmdline}: the arguments, each ended by a NUL; empty for a zombie. */
    @Override
    public Optional<List<String>> arguments(long pid) {
        try {
            Path cmdline = PROC.resolve(Long.toString(pid)).resolve("cmdline");
            String raw = new String(Files.readAllBytes(cmdline), StandardCharsets.UTF_8);
            List<String> args = new ArrayList<>(List.of(raw.split("\0")));
            args.removeIf(String::isEmpty);
            return args.isEmpty() ? Optional.empty() : Optional.of(args);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** {@code /proc/<pid>/stat} read and parsed; in plain code, as every build's session asks it. */
    private static Optional<Stat> stat(long pid) {
        Optional<String> raw = read(pid);
        return raw.isPresent() ? parse(raw.get()) : Optional.empty();
    }

    private static Optional<String> read(long pid) {
        try {
            return Optional.of(new String(Files.readAllBytes(PROC.resolve(Long.toString(pid)).resolve("stat")),
                    StandardCharsets.UTF_8));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static Optional<Stat> parse(String stat) {
        try {
            // The command name (field 2) may hold spaces and parentheses: count fields after the last ')'.
            int close = stat.lastIndexOf(')');
            String[] fields = stat.substring(close + 2).trim().split(" ");
            String command = stat.substring(stat.indexOf('(') + 1, close);
            return Optional.of(new Stat(fields[0].charAt(0), Long.parseLong(fields[1]), command, fields[19]));
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    private String token(Stat stat) {
        return ProcessStart.LINUX_SCHEME + bootId + ":" + stat.startTicks;
    }

    private static final class Stat {
        final char state;
        final long parent;
        final String command;
        final String startTicks;

        Stat(char state, long parent, String command, String startTicks) {
            this.state = state;
            this.parent = parent;
            this.command = command;
            this.startTicks = startTicks;
        }
    }
}
