package dev.queuelock.maven.land;

import dev.queuelock.land.base.LandException;
import dev.queuelock.land.batch.CheckParts;
import dev.queuelock.land.checks.CheckLogs;
import dev.queuelock.land.checks.Checks;
import dev.queuelock.land.checks.CommandChecks;
import dev.queuelock.land.checks.SpeculativeCheck;
import dev.queuelock.land.git.RepoContext;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A check build run beside others (a speculative check on top of the lanes ahead) installs into a
 * part of the local repository of its own, under its lander's check part, named after its log,
 * and that part is removed when the check ends: two candidates checked at once never resolve each
 * other's installs. A check run alone keeps its lander's part, as before. Where the resolver puts
 * nothing apart (Maven before 3.9, or a layout the user chose), there is no part to give.
 */
final class SpeculativePart implements Checks {

    /** The resolver properties naming the part, on Maven 3.9 and 4. */
    private static final List<String> LOCAL_PREFIX = List.of("-Daether.enhancedLocalRepository.localPrefix=",
            "-Daether.lrm.enhanced.localPrefix=");

    private final List<String> command;
    private final Map<String, String> environment;
    private final Path localRepository;

    /** @param localRepository the check build's local repository, or null if unknown (then nothing is removed) */
    SpeculativePart(List<String> command, Map<String, String> environment, Path localRepository) {
        this.command = List.copyOf(command);
        this.environment = Map.copyOf(environment);
        this.localRepository = localRepository;
    }

    @Override
    public String describe() {
        return String.join(" ", command);
    }

    @Override
    public boolean run(Path worktree, Path log) throws InterruptedException {
        if (!Files.exists(CheckLogs.companion(log, SpeculativeCheck.AHEAD))) {
            return new CommandChecks(command, environment).run(worktree, log);
        }
        String own = log.getFileName().toString().replace(".log", "");
        List<String> partedCommand = new ArrayList<>();
        String part = null;
        for (String arg : command) {
            String prefix = LOCAL_PREFIX.stream().filter(arg::startsWith).findFirst().orElse(null);
            if (prefix != null) {
                part = arg.substring(prefix.length()) + "/" + own;
                arg = prefix + part;
            }
            partedCommand.add(arg);
        }
        Checks parted = new CommandChecks(partedCommand, environment);
        if (part == null || localRepository == null) {
            return parted.run(worktree, log);
        }
        // The installs of one candidate are of no use to anyone after its check: removed when it
        // ends, or by the next leader if this lander is killed first.
        try {
            return CheckParts.of(RepoContext.commonDir(worktree)).with(localRepository.resolve(part), () -> parted.run(worktree, log));
        } catch (IOException e) {
            throw new LandException("cannot claim the check's part of the local repository " + localRepository.resolve(part)
                    + ": " + e.getMessage());
        }
    }
}
