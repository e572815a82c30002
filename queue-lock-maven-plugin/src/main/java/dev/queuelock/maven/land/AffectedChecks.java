package dev.queuelock.maven.land;

import dev.queuelock.land.base.LandException;
import dev.queuelock.land.checks.CheckLogs;
import dev.queuelock.land.checks.Checks;
import dev.queuelock.land.checks.SpeculativeCheck;
import dev.queuelock.land.git.Git;
import dev.queuelock.maven.extension.check.LandCheckProperties;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The check build of {@code queuelock.land.checkScope=affected}: it names the files the candidate changes
 * since the integration branch (for a batch, the union), and the core extension in the check build
 * narrows its reactor to what they reach; land reports the plan the check build wrote back.
 */
final class AffectedChecks implements Checks {

    private final List<String> maven;
    private final List<String> goals;
    private final String upstream;
    private final Map<String, String> environment;
    private final Consumer<String> report;
    private final Path localRepository;

    /**
     * @param maven    the check build's command line without its goals
     * @param upstream the integration branch's ref the candidate was rebased onto
     * @param report   where the plan's lines go (land's log)
     */
    AffectedChecks(List<String> maven, List<String> goals, String upstream, Map<String, String> environment, Consumer<String> report,
                   Path localRepository) {
        this.localRepository = localRepository;
        this.maven = List.copyOf(maven);
        this.goals = List.copyOf(goals);
        this.upstream = upstream;
        this.environment = Map.copyOf(environment);
        this.report = report;
    }

    @Override
    public String describe() {
        return String.join(" ", maven) + " " + String.join(" ", goals) + " (affected modules)";
    }

    @Override
    public boolean run(Path worktree, Path log) throws InterruptedException {
        Git git = new Git(worktree);
        List<String> changed = git.files().changedSince(upstream);
        Path changedFile = CheckLogs.companion(log, "changed");
        Path plan = CheckLogs.companion(log, "plan");
        List<String> command = new ArrayList<>(maven);
        try {
            Files.createDirectories(log.getParent());
            Files.write(changedFile, changed, StandardCharsets.UTF_8);
            Files.deleteIfExists(plan);
            Path ahead = CheckLogs.companion(log, SpeculativeCheck.AHEAD);
            if (Files.exists(ahead)) { // a check of one lane on top of others: may it stand on main?
                String below = Files.readString(ahead, StandardCharsets.UTF_8).trim();
                command.add("-D" + LandCheckProperties.CHANGED_OWN + "=" + written(log, "own", git.files().changedBetween(below, "HEAD")));
                command.add("-D" + LandCheckProperties.CHANGED_AHEAD + "="
                        + written(log, "ahead-files", git.files().changedOn(upstream, below)));
            }
        } catch (IOException e) {
            throw new LandException("cannot write the check's changed files beside " + log + ": " + e.getMessage());
        }
        command.add("-D" + LandCheckProperties.CHANGED_FILES + "=" + changedFile);
        command.add("-D" + LandCheckProperties.ROOT + "=" + worktree.toAbsolutePath());
        command.add("-D" + LandCheckProperties.PLAN + "=" + plan);
        command.addAll(goals);
        boolean passed = new SpeculativePart(command, environment, localRepository).run(worktree, log);
        reportPlan(plan);
        return passed;
    }

    private static Path written(Path log, String suffix, List<String> paths) throws IOException {
        Path file = CheckLogs.companion(log, suffix);
        Files.write(file, paths, StandardCharsets.UTF_8);
        return file;
    }

    private void reportPlan(Path plan) {
        try {
            Files.readAllLines(plan, StandardCharsets.UTF_8).forEach(line -> report.accept("check: " + line));
        } catch (IOException e) {
            // No plan: the build failed before its projects were read, or the rebased commit does
            // not list the queue-lock extension; either way it built what it built, in full.
            report.accept("check: no plan written (the check build ended before reading its projects, or does not load"
                    + " the queue-lock extension): it built its full reactor");
        }
    }
}
