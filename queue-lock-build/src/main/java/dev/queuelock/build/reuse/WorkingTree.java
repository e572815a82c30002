package dev.queuelock.build.reuse;

import dev.queuelock.process.GitCommand;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Every file of a worktree as a build reads it, named by git's blob hash: the committed tree
 * ({@code git ls-tree -r HEAD}) with what {@code git status} says differs in the working tree
 * (staged, unstaged, untracked but not ignored) hashed from the file itself as git would hash it.
 * So a file has the same hash whether it is committed or not. Three git calls whatever the size of
 * the project; an ignored directory ({@code target/}) is one line of {@code status}, not its files. What cannot be named (a submodule, a symlink changed in place, a path git cannot
 * describe) is kept as such, and a module holding one has no key ({@link ModuleFiles}).
 */
public final class WorkingTree {

    private static final Duration GIT_LIMIT = Duration.ofSeconds(60);

    private final String commit;
    /** Path relative to the worktree's top, {@code /}-separated, to git's blob hash of its content. */
    private final Map<String, String> files;
    /** Paths whose content cannot be named. */
    private final Set<String> unnamed;
    /** Ignored paths git reports (a directory ends with {@code /}). */
    private final List<String> ignored;

    private WorkingTree(String commit, Map<String, String> files, Set<String> unnamed, List<String> ignored) {
        this.commit = commit;
        this.files = files;
        this.unnamed = unnamed;
        this.ignored = ignored;
    }

    /**
     * The worktree whose top is {@code top}.
     *
     * @throws IOException when git cannot be run or cannot tell (no commit yet, a git error): then nothing has a key
     */
    public static WorkingTree read(Path top) throws IOException, InterruptedException {
        GitCommand git = GitCommand.in(top).withTimeout(GIT_LIMIT);
        GitCommand.Result head = git.run("rev-parse", "--verify", "HEAD");
        GitCommand.Result tree = head.ok() ? git.run("ls-tree", "-r", "-z", "--full-tree", "HEAD") : head;
        GitCommand.Result status = tree.ok() ? git.run("status", "--porcelain", "-z", "--untracked-files=all", "--ignored=matching") : tree;
        if (!status.ok()) {
            throw new IOException("git cannot tell the worktree's files: " + status.lastErrorLine());
        }
        Map<String, String> files = new HashMap<>();
        Set<String> unnamed = new HashSet<>();
        for (String entry : tree.out.split("\0")) {
            readTreeEntry(entry, files, unnamed);
        }
        List<String> ignored = new ArrayList<>();
        String[] changes = status.out.split("\0");
        for (int i = 0; i < changes.length; i++) {
            String entry = changes[i];
            if (entry.length() < 4) {
                continue;
            }
            String code = entry.substring(0, 2);
            String path = entry.substring(3);
            if (code.equals("!!")) {
                ignored.add(path);
                continue;
            }
            readWorkingFile(top, path, files, unnamed);
            if ((code.charAt(0) == 'R' || code.charAt(0) == 'C') && i + 1 < changes.length) {
                readWorkingFile(top, changes[++i], files, unnamed); // the path it was renamed or copied from
            }
        }
        return new WorkingTree(head.out.strip(), files, unnamed, ignored);
    }

    private static void readTreeEntry(String entry, Map<String, String> files, Set<String> unnamed) {
        int tab = entry.indexOf('\t');
        if (tab < 0) {
            return;
        }
        String[] meta = entry.substring(0, tab).split(" ");
        String path = entry.substring(tab + 1);
        if (meta.length == 3 && meta[1].equals("blob")) {
            files.put(path, meta[0] + ":" + meta[2]); // the mode too: an executable bit may matter to a build
        } else {
            unnamed.add(path); // a submodule: its checked-out state is not in this tree
        }
    }

    private static void readWorkingFile(Path top, String path, Map<String, String> files, Set<String> unnamed)
            throws IOException {
        Path file = top.resolve(path);
        if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            files.remove(path);
        } else if (Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            String mode = Files.isExecutable(file) ? "100755" : "100644";
            files.put(path, mode + ":" + blobHash(Files.readAllBytes(file)));
        } else {
            unnamed.add(path);
        }
    }

    /** Git's name of a file's content: SHA-1 of {@code blob <size>\0<content>}. */
    static String blobHash(byte[] content) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-1");
            sha.update(("blob " + content.length + "\0").getBytes(StandardCharsets.US_ASCII));
            return Hex.of(sha.digest(content));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no SHA-1", e);
        }
    }

    /** The commit checked out. */
    public String commit() {
        return commit;
    }

    Map<String, String> files() {
        return files;
    }

    Set<String> unnamed() {
        return unnamed;
    }

    List<String> ignored() {
        return ignored;
    }
}
