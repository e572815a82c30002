package dev.queuelock.land.checks;

import dev.queuelock.land.base.LandException;
import dev.queuelock.process.HolderTree;
import dev.queuelock.process.OrphanWatchdog;
import dev.queuelock.process.TreeStop;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** Checks as one command (an argument list, never a shell string), its output kept in a log file. */
public final class CommandChecks implements Checks {

    private final List<String> command;
    private final Map<String, String> environment;

    public CommandChecks(List<String> command, Map<String, String> environment) {
        if (command.isEmpty()) {
            throw new IllegalArgumentException("the check command is empty");
        }
        this.command = List.copyOf(command);
        this.environment = Map.copyOf(environment);
    }

    @Override
    public String describe() {
        return String.join(" ", command);
    }

    @Override
    public boolean run(Path worktree, Path log) throws InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(worktree.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .redirectInput(ProcessBuilder.Redirect.PIPE);
        builder.environment().putAll(environment);
        Process check;
        try {
            Files.createDirectories(log.getParent());
            check = builder.start();
        } catch (IOException e) {
            throw new LandException("cannot start the checks (" + describe() + "): " + e.getMessage());
        }
        boolean ended = false;
        try {
            HolderTree.started(check); // its tree keeps the holder's locks if the holder is killed
            OrphanWatchdog.watch(check, log); // a check whose lander dies is stopped: nobody could push its result
            check.getOutputStream().close();
            int exit = check.waitFor();
            ended = true;
            return exit == 0;
        } catch (IOException e) {
            throw new LandException("cannot start the checks (" + describe() + "): " + e.getMessage());
        } finally {
            if (!ended) {
                // interrupted: SIGTERM, grace, SIGKILL, so a check that ignores SIGTERM does not run on in the locks
                TreeStop.stopTree(check.toHandle(), TreeStop.GRACE);
            }
            HolderTree.ended(check);
            OrphanWatchdog.ended(check);
        }
    }
}
