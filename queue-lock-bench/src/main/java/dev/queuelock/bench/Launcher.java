package dev.queuelock.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/** Starts either side's worker or CLI the same way, in a {@link RunDir}. */
final class Launcher {

    /** The peer's build-lock joins CMD with spaces and hands it to a shell: keep paths shell-inert. */
    private static final Pattern SHELL_INERT = Pattern.compile("[A-Za-z0-9/._,+-]+");

    private final Children children;
    private final Path benchJar;
    private final Path cliJar;
    private final PeerPackage peer;
    private final String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();

    Launcher(Children children, Path benchJar, Path cliJar, PeerPackage peer) {
        this.children = children;
        this.benchJar = benchJar;
        this.cliJar = cliJar;
        this.peer = peer;
    }

    /**
     * A lock worker ({@link JavaWorker} or the Node twin); {@code args} are its {@code key=value}
     * arguments besides tmp/key/log, which come from {@code run}.
     */
    Process worker(Side side, RunDir run, String name, String... args) {
        List<String> command = new ArrayList<>();
        if (side == Side.OURS) {
            // 32 of these share 2 cores: a small heap and the serial collector keep them light.
            command.addAll(List.of(java, "-Xmx64m", "-XX:+UseSerialGC", "-cp", benchJar.toString(),
                    JavaWorker.class.getName(), "tmp=" + run.tmp(), "key=" + run.path()));
        } else {
            command.addAll(List.of("node", peer.worker().toString()));
        }
        command.add("log=" + log(run, name));
        command.addAll(List.of(args));
        return children.start(command, run.work(), Map.of("TMPDIR", run.tmp().toString()),
                run.resolve(name + ".out"), true);
    }

    /** The side's own CLI running {@code cmd} under the build lock, as a user would start it. */
    Process cli(Side side, RunDir run, String name, List<String> cmd) {
        List<String> command = new ArrayList<>();
        if (side == Side.OURS) {
            command.addAll(List.of(java, "-jar", cliJar.toString(), "run", "--"));
        } else {
            for (String part : cmd) {
                if (!SHELL_INERT.matcher(part).matches()) {
                    throw new BenchException("the peer runs CMD through a shell; move the checkout to a path without"
                            + " spaces or shell characters: " + part);
                }
            }
            command.addAll(List.of("node", peer.bin().toString(), "build-lock", "--"));
        }
        command.addAll(cmd);
        return children.start(command, run.work(), Map.of("TMPDIR", run.tmp().toString()),
                run.resolve(name + ".out"), false);
    }

    static Path log(RunDir run, String name) {
        return run.resolve(name + ".log");
    }

    /** The acquisitions a worker logged. */
    static List<Acquisition> acquisitions(RunDir run, String name, Process worker) {
        return AcquisitionLog.read(log(run, name), worker.pid());
    }

    String java() {
        return java;
    }

    Path benchJar() {
        return benchJar;
    }
}
