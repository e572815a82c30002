package dev.queuelock.build.reuse;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A worktree's files shared out among the modules of a reactor: each file belongs to the module
 * whose directory holds it most closely, so a parent's files are its POM and what lies beside it,
 * not its modules' files. A module's files are summed up in one digest of their paths (relative to
 * the module) and contents; its build directory is its output and is left out. A module has no
 * digest where a file of it cannot be named (a submodule, a changed symlink) or where git ignores a
 * file of it that the build may read (anything but its build directory, dot-files and IDE files),
 * for a file git does not track could still reach the output.
 */
public final class ModuleFiles {

    /** One module as the files are shared out: its directory and build directory, relative to the worktree's top. */
    public static final class Module {
        final String dir;
        final String buildDir;
        final boolean ignoredFilesMatter;

        /**
         * @param dir                {@code /}-separated, relative to the worktree's top; empty for the top itself
         * @param buildDir           its build directory relative to {@code dir} ({@code target})
         * @param ignoredFilesMatter whether an ignored file in it may reach its output (not for a {@code pom} module)
         */
        public Module(String dir, String buildDir, boolean ignoredFilesMatter) {
            this.dir = dir;
            this.buildDir = buildDir;
            this.ignoredFilesMatter = ignoredFilesMatter;
        }

        private String prefix() {
            return dir.isEmpty() ? "" : dir + "/";
        }
    }

    private final Map<String, String> digests = new HashMap<>();
    private final Map<String, String> whyNot = new HashMap<>();

    private ModuleFiles() {
    }

    /** Shares {@code tree}'s files out among {@code modules} (keyed by their directory). */
    public static ModuleFiles of(WorkingTree tree, List<Module> modules) {
        Map<String, Module> byDir = new HashMap<>();
        Map<String, TreeMap<String, String>> owned = new HashMap<>();
        for (Module module : modules) {
            byDir.put(module.dir, module);
            owned.put(module.dir, new TreeMap<>());
        }
        ModuleFiles shared = new ModuleFiles();
        for (Map.Entry<String, String> file : tree.files().entrySet()) {
            Module owner = ownerOf(file.getKey(), byDir);
            if (owner != null && !inBuildDir(owner, file.getKey())) {
                owned.get(owner.dir).put(file.getKey().substring(owner.prefix().length()), file.getValue());
            }
        }
        for (String path : tree.unnamed()) {
            Module owner = ownerOf(path, byDir);
            if (owner != null) {
                shared.whyNot.putIfAbsent(owner.dir, path + " is a submodule or a symlink whose content git does not name here");
            }
        }
        for (String path : tree.ignored()) {
            Module owner = ownerOf(path.endsWith("/") ? path.substring(0, path.length() - 1) : path, byDir);
            if (owner != null && owner.ignoredFilesMatter && !inBuildDir(owner, path) && !toolFile(path.substring(owner.prefix().length()))) {
                shared.whyNot.putIfAbsent(owner.dir, path + " is ignored by git and may reach the build");
            }
        }
        for (Module module : modules) {
            if (!shared.whyNot.containsKey(module.dir)) {
                InputKey key = InputKey.of("module files");
                owned.get(module.dir).forEach(key::with);
                shared.digests.put(module.dir, key.hex());
            }
        }
        return shared;
    }

    /** The digest of the files of the module in {@code dir}; null if it has none ({@link #whyNot}). */
    public String digest(String dir) {
        return digests.get(dir);
    }

    /** Why the module in {@code dir} has no digest. */
    public String whyNot(String dir) {
        return whyNot.get(dir);
    }

    private static Module ownerOf(String path, Map<String, Module> byDir) {
        for (String dir = path; ; ) {
            int slash = dir.lastIndexOf('/');
            dir = slash < 0 ? "" : dir.substring(0, slash);
            Module module = byDir.get(dir);
            if (module != null || dir.isEmpty()) {
                return module;
            }
        }
    }

    private static boolean inBuildDir(Module module, String path) {
        return path.startsWith(module.prefix() + module.buildDir + "/") || path.equals(module.prefix() + module.buildDir);
    }

    /** A dot-file or dot-directory (an IDE's, git's, the OS's) or an IntelliJ module file: no build reads them. */
    private static boolean toolFile(String relative) {
        for (String part : relative.split("/")) {
            if (part.startsWith(".") || part.endsWith(".iml")) {
                return true;
            }
        }
        return false;
    }
}
