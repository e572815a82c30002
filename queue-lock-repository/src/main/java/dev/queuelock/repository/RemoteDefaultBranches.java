package dev.queuelock.repository;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;
import java.util.Properties;

/**
 * Each remote's default branch as it last answered ({@code remote-default-branches} in the state
 * folder, {@code origin=main}), so a build knows the branch a landing would use without asking the
 * remote. Written whole to a temporary file and moved into place: a reader sees the old or the new
 * answer, never half of one. A file that cannot be read or written is as if absent: then the remote is asked.
 */
final class RemoteDefaultBranches {

    static final String FILE = StateFolder.REMOTE_DEFAULT_BRANCHES;

    private final Path file;

    RemoteDefaultBranches(Path stateFolder) {
        this.file = stateFolder.resolve(FILE);
    }

    Optional<String> get(String remote) {
        return Optional.ofNullable(read().getProperty(remote)).filter(b -> !b.isBlank());
    }

    void put(String remote, String branch) {
        Properties known = read();
        if (branch.equals(known.getProperty(remote))) {
            return;
        }
        known.setProperty(remote, branch);
        Path temp = null;
        try {
            Files.createDirectories(file.getParent());
            temp = Files.createTempFile(file.getParent(), FILE, ".tmp");
            try (Writer out = Files.newBufferedWriter(temp, StandardCharsets.UTF_8)) {
                known.store(out, "each remote's default branch, as it last answered (git ls-remote --symref)");
            }
            Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            // Not recorded: the next build asks the remote again.
            if (temp != null) {
                try {
                    Files.deleteIfExists(temp);
                } catch (IOException ignored) {
                    // nothing more to do
                }
            }
        }
    }

    private Properties read() {
        Properties known = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            known.load(in);
        } catch (IOException e) {
            // absent or unreadable: nothing recorded
        }
        return known;
    }
}
