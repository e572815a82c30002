package dev.queuelock.process;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Process facts from what every Unix offers, for macOS (no {@code /proc}) and for Linux when
 * {@value Processes#ENV}{@code =portable}: liveness and start from the JDK's {@link ProcessHandle}
 * (on macOS the kernel's own start time, so the token is exact there), a dead holder's tree from
 * the children it recorded ({@link ChildRecords}), working directories from {@code lsof}
 * ({@link LsofDirectories}), command lines from {@link ProcessHandle.Info}.
 */
final class PortableProcesses extends Processes {

    static final String NAME = "portable";

    private final ChildRecords children = ChildRecords.forThisUser();

    PortableProcesses(String why) {
        super(why);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public long ownPid() {
        return ProcessHandle.current().pid();
    }

    @Override
    public Optional<String> startToken(long pid) {
        return ProcessHandle.of(pid).flatMap(h -> h.info().startInstant())
                .map(instant -> ProcessStart.EPOCH_SCHEME + instant.toEpochMilli());
    }

    @Override
    public boolean isAlive(long pid, String start) {
        if (pid <= 0 || !ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
            return false;
        }
        return start == null || startToken(pid).map(actual -> ProcessStart.matches(start, actual)).orElse(true);
    }

    /** None: the JDK's handle reads as much as judging the process in full. */
    @Override
    public Object identity(long pid) {
        return null;
    }

    @Override
    public boolean anyStartedBy(long pid, String start) {
        return children.anyAlive(pid, start, this);
    }

    /** The recorded children are the holder's own: the roots of its tree by construction. */
    @Override
    public List<Long> keepers(long pid, String start) {
        return children.alive(pid, start, this);
    }

    @Override
    public List<ProcessHandle> startedBy(long pid, String start) {
        List<ProcessHandle> found = new ArrayList<>();
        for (ProcessId child : children.recorded(pid, start)) {
            // Only a child whose start was recorded and reads the same before and after the handle is taken.
            child.start().flatMap(recorded -> verifiedHandle(child.pid(), recorded)).ifPresent(found::add);
        }
        return found;
    }

    @Override
    void started(Process child) {
        long self = ProcessHandle.current().pid();
        children.add(self, startToken(self).orElse(null), child.pid(), startToken(child.pid()).orElse(null));
    }

    @Override
    void ended(Process child) {
        long self = ProcessHandle.current().pid();
        children.remove(self, startToken(self).orElse(null), child.pid());
    }

    @Override
    public Optional<Boolean> servesAConnection() {
        return ServerConnections.fromLsof();
    }

    @Override
    public Occupants occupants() {
        return LsofDirectories.read();
    }

    /**
     * The JDK's {@code ProcessHandle.Info}: the program and its arguments where both are given (on
     * macOS only for this user's processes), else the whole command line split at spaces, else none.
     */
    @Override
    public Optional<List<String>> arguments(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::info).flatMap(info -> {
            if (info.command().isPresent() && info.arguments().isPresent()) {
                List<String> args = new ArrayList<>(List.of(info.command().get()));
                args.addAll(Arrays.asList(info.arguments().get()));
                return Optional.of(args);
            }
            return info.commandLine().filter(line -> !line.isBlank()).map(line -> List.of(line.trim().split(" +")));
        });
    }
}
