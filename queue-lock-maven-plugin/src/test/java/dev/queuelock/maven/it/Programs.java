package dev.queuelock.maven.it;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** Programs of the machine, found as a shell finds them. */
final class Programs {

    private Programs() {
    }

    /** The first executable {@code command} in the directories of {@code path}, as listed; a command with a slash is taken as it is. */
    static Optional<Path> onPath(String command, String path) {
        if (command.contains("/")) {
            return Files.isExecutable(Path.of(command)) ? Optional.of(Path.of(command)) : Optional.empty();
        }
        if (path == null) {
            return Optional.empty();
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, command))) {
                return Optional.of(Path.of(dir, command));
            }
        }
        return Optional.empty();
    }

    /** {@link #onPath(String, String)} on the test's own {@code PATH}. */
    static Optional<Path> onPath(String command) {
        return onPath(command, System.getenv("PATH"));
    }
}
