package dev.queuelock.maven.extension.check;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Decides what a land check builds from the files a landing changes and the reactor's module
 * graph. Safe by construction: anything that may change what the build itself is - {@code .mvn/},
 * a file of a parent or aggregator POM's module (its POM, a file outside every other module, a
 * module added or removed in its list), a file outside the reactor - makes it the full build.
 * Otherwise the modules owning a changed file and every module that builds on them are tested,
 * and the modules those build on are built from the same reactor, tests skipped.
 */
final class AffectedModules {

    private AffectedModules() {
    }

    /**
     * @param root    the directory the changed paths are relative to (the worktree)
     * @param changed changed files, relative to {@code root}, {@code /}-separated as git prints them
     * @param modules the reactor, in build order
     */
    static CheckPlan plan(Path root, List<String> changed, List<ReactorModule> modules) {
        if (changed.isEmpty()) {
            return CheckPlan.full("no changed files were named");
        }
        Map<String, String> why = new LinkedHashMap<>();
        for (String path : changed) {
            if (path.equals(".mvn") || path.startsWith(".mvn/")) {
                return CheckPlan.full(path + " changed (.mvn/ configures every build)");
            }
            ReactorModule owner = owner(root.resolve(path).toAbsolutePath().normalize(), modules);
            if (owner == null) {
                return CheckPlan.full(path + " is outside every module of the reactor");
            }
            if (owner.parentOrAggregator) {
                return CheckPlan.full(path + " belongs to " + owner.id + ", a parent or aggregator POM's module");
            }
            why.putIfAbsent(owner.id, "changed: " + path);
        }
        Map<String, String> tested = inReactorOrder(downstreamOf(why, modules), modules);
        Set<String> upstream = upstreamOf(tested.keySet(), modules);
        Set<String> builtOnly = new LinkedHashSet<>();
        for (ReactorModule module : modules) {
            if (upstream.contains(module.id) && !tested.containsKey(module.id)) {
                builtOnly.add(module.id);
            }
        }
        return CheckPlan.affected(tested, builtOnly);
    }

    /** The module whose directory holds the file most closely; null if none does. */
    private static ReactorModule owner(Path file, List<ReactorModule> modules) {
        ReactorModule best = null;
        for (ReactorModule module : modules) {
            if (file.startsWith(module.dir) && (best == null || module.dir.getNameCount() > best.dir.getNameCount())) {
                best = module;
            }
        }
        return best;
    }

    /** The changed modules and every module that builds on one of them, with why. */
    private static Map<String, String> downstreamOf(Map<String, String> changed, List<ReactorModule> modules) {
        Map<String, List<String>> dependents = new HashMap<>();
        for (ReactorModule module : modules) {
            for (String up : module.upstream) {
                dependents.computeIfAbsent(up, k -> new ArrayList<>()).add(module.id);
            }
        }
        Map<String, String> reached = new LinkedHashMap<>(changed);
        Deque<String> todo = new ArrayDeque<>(changed.keySet());
        while (!todo.isEmpty()) {
            String id = todo.pop();
            for (String dependent : dependents.getOrDefault(id, List.of())) {
                if (reached.putIfAbsent(dependent, "builds on " + id) == null) {
                    todo.add(dependent);
                }
            }
        }
        return reached;
    }

    /** Every module the given ones build on, directly or not. */
    private static Set<String> upstreamOf(Set<String> ids, List<ReactorModule> modules) {
        Map<String, ReactorModule> byId = new HashMap<>();
        modules.forEach(m -> byId.put(m.id, m));
        Set<String> reached = new LinkedHashSet<>();
        Deque<String> todo = new ArrayDeque<>(ids);
        while (!todo.isEmpty()) {
            ReactorModule module = byId.get(todo.pop());
            for (String up : module == null ? List.<String>of() : module.upstream) {
                if (reached.add(up)) {
                    todo.add(up);
                }
            }
        }
        return reached;
    }

    private static Map<String, String> inReactorOrder(Map<String, String> tested, List<ReactorModule> modules) {
        Map<String, String> ordered = new LinkedHashMap<>();
        for (ReactorModule module : modules) {
            if (tested.containsKey(module.id)) {
                ordered.put(module.id, tested.get(module.id));
            }
        }
        return ordered;
    }
}
