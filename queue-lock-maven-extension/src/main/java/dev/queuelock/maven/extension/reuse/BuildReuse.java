package dev.queuelock.maven.extension.reuse;

import dev.queuelock.build.reuse.ModuleKeys;
import dev.queuelock.build.reuse.ReuseLedger;
import dev.queuelock.build.reuse.ReuseRecord;
import dev.queuelock.build.reuse.ReuseStore;
import dev.queuelock.build.reuse.WorkingTree;
import dev.queuelock.build.ReuseSettings;
import dev.queuelock.repository.StateFolder;
import dev.queuelock.repo.RepoKey;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.stream.Stream;
import org.apache.maven.execution.BuildSuccess;
import org.apache.maven.execution.BuildSummary;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.project.MavenProject;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A build's part in reusing modules' outputs across the worktrees of a clone ({@link ReuseStore}),
 * for the builds that narrow their reactor (a lane's affected build, a land check) and every build
 * of a repository with lanes that asks for affected builds: before anything is built, every
 * module's key ({@link ModuleKeys}); a module the build would build only for the modules on top of
 * it whose key is stored is taken out of the reactor and its stored files resolved in its place, for
 * this build alone ({@link StoredModules}: nothing is installed where another build resolves), and
 * the reuse noted for status ({@link ReuseLedger}); at
 * the end, what the build made is stored ({@link StoredOutputs}), if its inputs did not change while it ran.
 */
public final class BuildReuse {

    private static final Logger LOG = LoggerFactory.getLogger(BuildReuse.class);

    private final StoredModules reader;
    private final Path worktree;
    private final String builtBy;
    private final ReuseStore store;
    private final ReuseLedger ledger;
    private final long maxBytes;
    private final SortedMap<String, String> facts;
    private final List<ModuleKeys.Module> modules;
    private final String mvnDir;
    private final WorkingTree tree;
    private final ModuleKeys keys;
    private final Set<String> reused = new HashSet<>();

    private BuildReuse(StoredModules reader, Path worktree, String builtBy, Path storeDir, long maxBytes,
                       SortedMap<String, String> facts, List<ModuleKeys.Module> modules, String mvnDir, WorkingTree tree, ModuleKeys keys) {
        this.reader = reader;
        this.worktree = worktree;
        this.builtBy = builtBy;
        this.store = ReuseStore.in(storeDir);
        this.ledger = ReuseLedger.in(storeDir);
        this.maxBytes = maxBytes;
        this.facts = facts;
        this.modules = modules;
        this.mvnDir = mvnDir;
        this.tree = tree;
        this.keys = keys;
    }

    /**
     * The keys of {@code session}'s reactor, read before it is narrowed; null where nothing is reused
     * or stored: outside git, in a repository without lanes, or where git cannot tell the files.
     *
     * @param top     the session's top directory
     * @param reader  where this build's reused modules are resolved ({@link StoredModules#join}); null: it only stores
     * @param checkBuild whether it is a land check's build (else the worktree names who builds)
     */
    public static BuildReuse start(MavenSession session, Path top, StoredModules reader, boolean checkBuild)
            throws InterruptedException {
        RepoKey repo = RepoKey.of(top);
        if (!repo.inGit() || repo.mainCheckout() && !hasLanes(Path.of(repo.key()))) {
            return null;
        }
        long maxBytes;
        try {
            maxBytes = ReuseSettings.STORE_MEGABYTES.from(session.getUserProperties()) * 1024L * 1024L;
        } catch (IllegalArgumentException e) {
            LOG.warn("{}; nothing is reused or stored in this build.", e.getMessage());
            return null;
        }
        if (maxBytes == 0) {
            return null;
        }
        long start = System.nanoTime();
        Path worktree = repo.worktree();
        WorkingTree tree;
        List<ModuleKeys.Module> modules;
        SortedMap<String, String> facts;
        String mvnDir;
        ModuleKeys keys;
        try {
            tree = WorkingTree.read(worktree);
            modules = ReactorInputs.modules(session, session.getProjects(), worktree);
            facts = BuildFacts.of(session.getRequest(), worktree);
            mvnDir = String.valueOf(worktree.relativize(physical(top).resolve(".mvn"))).replace('\\', '/');
            keys = ModuleKeys.of(tree, facts, mvnDir, modules);
        } catch (IOException e) {
            LOG.debug("reuse: none in this build: {}", e.getMessage());
            return null;
        } catch (RuntimeException e) {
            // Reuse only ever spares work: where the keys cannot be read, the build builds, as it would without it.
            LOG.warn("reuse: none in this build: the modules' keys could not be read ({})", e.toString());
            return null;
        }
        String builtBy = checkBuild ? "a land check" : repo.mainCheckout() ? "the main checkout" : "lane " + repo.lane();
        LOG.debug("reuse: the keys of {} modules in {} ms", modules.size(), (System.nanoTime() - start) / 1_000_000);
        return new BuildReuse(reader, worktree, builtBy, StateFolder.of(Path.of(repo.key())).resolve(StateFolder.REUSE), maxBytes, facts, modules, mvnDir, tree, keys);
    }

    /**
     * Takes the modules of {@code builtOnly} whose outputs are stored, and those of {@code tested}
     * whose outputs are stored by a build whose tests ran and passed without a rerun, out of the
     * session's reactor, their stored files resolved in their place for this build alone
     * ({@link StoredModules}).
     *
     * @param tested the modules the build would test that it may take with their tests' pass (none: it tests them all)
     * @return each module reused, with where from ({@code built by the main checkout at 3f2a1b9 in 40.2 s without its tests})
     */
    public Map<String, String> take(MavenSession session, Collection<String> builtOnly, Collection<String> tested) {
        Map<String, String> taken = new LinkedHashMap<>();
        Map<MavenProject, ReuseStore.Entry> entries = new LinkedHashMap<>();
        List<MavenProject> kept = new ArrayList<>();
        for (MavenProject project : session.getProjects()) {
            String id = ReactorInputs.id(project);
            String key = keys.key(id);
            boolean wanted = builtOnly.contains(id) || tested.contains(id);
            if (wanted && !"pom".equals(project.getPackaging()) && key != null) {
                try {
                    ReuseStore.Entry entry = store.find(key).orElse(null);
                    if (entry != null && (builtOnly.contains(id) || testedAsNeeded(entry.record(), session))) {
                        entries.put(project, entry);
                        taken.put(id, entry.record().describe());
                        continue;
                    }
                } catch (IOException | RuntimeException e) {
                    LOG.warn("reuse: {} is built: its stored outputs could not be read ({})", id, e.getMessage());
                }
            } else if (wanted && key == null) {
                LOG.debug("reuse: {} has no key: {}", id, keys.whyNot(id));
            }
            kept.add(project);
        }
        if (entries.isEmpty()) {
            return taken;
        }
        if (reader == null || !reader.serve(session, entries)) {
            LOG.debug("reuse: nothing reused: this Maven does not resolve the stored files ahead of its reactor");
            return new LinkedHashMap<>();
        }
        entries.keySet().forEach(project -> reused.add(ReactorInputs.id(project)));
        session.setProjects(kept);
        Instant now = Instant.now();
        try {
            for (ReuseStore.Entry entry : entries.values()) {
                ledger.record(entry.record(), now);
            }
        } catch (IOException e) {
            LOG.debug("reuse: not noted for status: {}", e.getMessage());
        }
        return taken;
    }

    /** Stores what this build made, for the modules whose files are still as they were when the build started. */
    public void fill(MavenSession session) {
        ModuleKeys after;
        try {
            after = ModuleKeys.of(WorkingTree.read(worktree), facts, mvnDir, modules);
        } catch (IOException | RuntimeException e) {
            LOG.debug("reuse: nothing stored: {}", e.getMessage());
            return;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        for (MavenProject project : session.getProjects()) {
            String id = ReactorInputs.id(project);
            String key = keys.key(id);
            BuildSummary summary = session.getResult().getBuildSummary(project);
            if (key == null || reused.contains(id) || "pom".equals(project.getPackaging()) || !(summary instanceof BuildSuccess)
                    || !key.equals(after.key(id))) {
                continue; // no key, nothing built, or a file changed while it was built
            }
            List<ReuseStore.Output> outputs = StoredOutputs.of(project);
            if (outputs.isEmpty()) {
                continue; // not packaged (compile, test)
            }
            ReuseRecord record = new ReuseRecord(builtBy, tree.commit(), Duration.ofMillis(summary.getTime()), Instant.now(),
                    !skipsTests(project, session) && !RerunReports.rerunIn(Path.of(project.getBuild().getDirectory()), session.getUserProperties()),
                    LifecyclePhases.of(session.getGoals()));
            try {
                if (store.put(key, record, outputs)) {
                    LOG.debug("reuse: {} stored under {}", id, key);
                }
            } catch (IOException e) {
                LOG.debug("reuse: {} not stored: {}", id, e.getMessage());
            }
        }
        try {
            store.trim(maxBytes);
        } catch (IOException e) {
            LOG.debug("reuse: the store was not trimmed: {}", e.getMessage());
        }
    }

    /** Whether the stored module's tests passed in a build that ran all the tests this build would run. */
    private static boolean testedAsNeeded(ReuseRecord record, MavenSession session) {
        return record.withTests() && LifecyclePhases.covers(record.through(), LifecyclePhases.of(session.getGoals()));
    }

    private static boolean skipsTests(MavenProject project, MavenSession session) {
        for (String key : new String[] {"skipTests", "maven.test.skip"}) {
            String value = project.getProperties().getProperty(key, session.getUserProperties().getProperty(key));
            if (value != null && !value.equalsIgnoreCase("false")) {
                return true;
            }
        }
        return false;
    }

    /** Whether the clone has a worktree other than the main checkout: only then is anything stored. */
    private static boolean hasLanes(Path commonDir) {
        try (Stream<Path> lanes = Files.list(commonDir.resolve("worktrees"))) {
            return lanes.findAny().isPresent();
        } catch (IOException e) {
            return false;
        }
    }

    private static Path physical(Path dir) {
        try {
            return dir.toRealPath();
        } catch (IOException e) {
            return dir.toAbsolutePath().normalize();
        }
    }
}
