package dev.queuelock.build.reuse;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The key of each module of a reactor: everything that decides its outputs, so that two builds
 * whose module has the same key made the same outputs. A module's key holds the build's facts
 * (JDK, Maven, profiles, user properties, the {@code .mvn} directory), its files as they are in the
 * worktree ({@link ModuleFiles}), its effective model (plugins and their configuration, dependencies
 * with versions, resources) and the keys of the reactor modules it builds on, its parents among
 * them, so a change below changes every key above. Where one of these cannot be told, the module
 * has no key, and neither has anything built on it: it is built.
 */
public final class ModuleKeys {

    /** One module of the reactor, as the key sees it. */
    public static final class Module {
        final String id;
        final ModuleFiles.Module files;
        final String model;
        final List<String> upstream;
        final String cannotTell;

        /**
         * @param id         {@code groupId:artifactId}
         * @param files      where its files lie
         * @param model      its effective model as text, the machine's own paths (the worktree's) taken out
         * @param upstream   the ids of the reactor modules it builds on directly, its parent among them
         * @param cannotTell why its inputs cannot be told (a SNAPSHOT from outside the reactor, say); null if they can
         */
        public Module(String id, ModuleFiles.Module files, String model, List<String> upstream, String cannotTell) {
            this.id = id;
            this.files = files;
            this.model = model;
            this.upstream = List.copyOf(upstream);
            this.cannotTell = cannotTell;
        }
    }

    private final Map<String, String> keys = new HashMap<>();
    private final Map<String, String> whyNot = new HashMap<>();

    private ModuleKeys() {
    }

    /**
     * @param tree     the worktree's files
     * @param facts    what every module of the build shares: JDK, Maven, profiles, user properties
     * @param mvnDir   the build's {@code .mvn} directory relative to the worktree's top
     * @param modules  the reactor, in build order (upstream first)
     */
    public static ModuleKeys of(WorkingTree tree, SortedMap<String, String> facts, String mvnDir, List<Module> modules) {
        List<ModuleFiles.Module> dirs = new ArrayList<>();
        modules.forEach(m -> dirs.add(m.files));
        ModuleFiles files = ModuleFiles.of(tree, dirs);
        InputKey shared = InputKey.of("build facts");
        facts.forEach(shared::with);
        String prefix = mvnDir + "/";
        new TreeMap<>(tree.files()).forEach((path, blob) -> {
            if (path.startsWith(prefix)) {
                shared.with(path, blob);
            }
        });
        String sharedKey = shared.hex();
        ModuleKeys result = new ModuleKeys();
        for (Module module : modules) {
            String why = module.cannotTell != null ? module.cannotTell : files.whyNot(module.files.dir);
            InputKey key = InputKey.of("module outputs").with("build", sharedKey).with("id", module.id)
                    .with("files", files.digest(module.files.dir)).with("model", module.model);
            for (String up : module.upstream) {
                String upKey = result.keys.get(up);
                if (upKey == null && why == null) {
                    why = "it builds on " + up + (result.whyNot.containsKey(up) ? ", which is built" : ", not in this reactor's order");
                }
                key.with("upstream " + up, upKey);
            }
            if (why != null) {
                result.whyNot.put(module.id, why);
            } else {
                result.keys.put(module.id, key.hex());
            }
        }
        return result;
    }

    /** The module's key; null where it has none ({@link #whyNot}). */
    public String key(String id) {
        return keys.get(id);
    }

    /** Why the module has no key; null if it has one. */
    public String whyNot(String id) {
        return whyNot.get(id);
    }
}
