package dev.queuelock.maven.extension.reuse;

import dev.queuelock.build.reuse.ModuleFiles;
import dev.queuelock.build.reuse.ModuleKeys;
import dev.queuelock.maven.extension.check.LandCheckProperties;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.model.Dependency;
import org.apache.maven.model.Extension;
import org.apache.maven.model.Model;
import org.apache.maven.model.Plugin;
import org.apache.maven.model.Profile;
import org.apache.maven.model.Resource;
import org.apache.maven.model.io.xpp3.MavenXpp3Writer;
import org.apache.maven.project.MavenProject;

/**
 * What decides each reactor module's outputs, read from Maven for {@link ModuleKeys}: the build's
 * facts (JDK, Maven, profiles asked for, user properties), and per module its effective model as
 * text - plugins with their configuration, dependencies with versions, resources - with the
 * worktree's own path taken out (so a lane and the main checkout agree), its active profiles and
 * the reactor modules it builds on. What the model cannot pin down (a SNAPSHOT or a version range
 * from outside the reactor, a toolchain's JDK) leaves the module without a key.
 */
final class ReactorInputs {

    /** queue-lock's own user properties: they choose how to queue and what to test, not what is built. */
    private static final String OWN_PROPERTIES = "queuelock.";
    /**
     * User properties that choose where artifacts lie or how tests are rerun, not what is built: the
     * resolver's (a lane's or a check's part of the local repository), the local repository (land
     * names it to its checks) and the reruns land sets on its checks. A prefix ends with a dot.
     */
    private static final List<String> NOT_INPUTS = List.of("aether.", "maven.repo.local", LandCheckProperties.SUREFIRE_RERUNS,
            LandCheckProperties.FAILSAFE_RERUNS);
    private static final String TOOLCHAINS = "maven-toolchains-plugin";
    /** What stands for the worktree's own path, so the same inputs in two worktrees read alike. */
    private static final String WORKTREE = "${worktree}";

    private ReactorInputs() {
    }

    /** The facts every module of {@code session} shares; the worktree's path (Maven 4's session.rootDirectory) taken out. */
    static SortedMap<String, String> facts(MavenSession session, Path top) {
        SortedMap<String, String> facts = new TreeMap<>();
        facts.put("java.version", System.getProperty("java.version"));
        facts.put("java.vendor", System.getProperty("java.vendor"));
        facts.put("maven.version", session.getRequest().getSystemProperties().getProperty("maven.version"));
        facts.put("profiles.active", String.join(",", session.getRequest().getActiveProfiles()));
        facts.put("profiles.inactive", String.join(",", session.getRequest().getInactiveProfiles()));
        userProperties(session.getUserProperties(), false).forEach((k, v) -> facts.put("user " + k, v.replace(top.toString(), WORKTREE)));
        return facts;
    }

    /** The modules of {@code projects} (in build order), their paths relative to the worktree's {@code top}. */
    static List<ModuleKeys.Module> modules(MavenSession session, List<MavenProject> projects, Path top) {
        Set<String> reactor = new HashSet<>();
        projects.forEach(p -> reactor.add(p.getGroupId() + ":" + p.getArtifactId() + ":" + p.getVersion()));
        List<ModuleKeys.Module> modules = new ArrayList<>();
        for (MavenProject project : projects) {
            Path dir = physical(project.getBasedir().toPath());
            boolean pom = "pom".equals(project.getPackaging());
            String rel = relative(top, dir);
            String cannotTell = rel == null ? dir + " is outside the git worktree " + top : cannotTell(project.getModel(), reactor);
            String buildDir = String.valueOf(project.getBasedir().toPath().toAbsolutePath().normalize()
                    .relativize(Path.of(project.getBuild().getDirectory()).toAbsolutePath().normalize())).replace('\\', '/');
            List<String> upstream = new ArrayList<>();
            session.getProjectDependencyGraph().getUpstreamProjects(project, false).forEach(up -> upstream.add(id(up)));
            if (project.getParent() != null && reactor.contains(coordinates(project.getParent()))
                    && !upstream.contains(id(project.getParent()))) {
                upstream.add(id(project.getParent()));
            }
            modules.add(new ModuleKeys.Module(id(project), new ModuleFiles.Module(rel == null ? "" : rel, buildDir, !pom),
                    modelText(project, session, top), upstream, cannotTell));
        }
        return modules;
    }

    static String id(MavenProject project) {
        return project.getGroupId() + ":" + project.getArtifactId();
    }

    private static String coordinates(MavenProject project) {
        return project.getGroupId() + ":" + project.getArtifactId() + ":" + project.getVersion();
    }

    /** Why the module's inputs cannot be told from its model and the reactor; null if they can. */
    private static String cannotTell(Model model, Set<String> reactor) {
        if (model.getParent() != null && outsideSnapshot(model.getParent().getGroupId() + ":" + model.getParent().getArtifactId(),
                model.getParent().getVersion(), reactor)) {
            return "its parent " + model.getParent().getId() + " is a SNAPSHOT from outside the reactor";
        }
        List<Dependency> dependencies = new ArrayList<>(model.getDependencies());
        if (model.getDependencyManagement() != null) {
            dependencies.addAll(model.getDependencyManagement().getDependencies());
        }
        List<Plugin> plugins = model.getBuild() == null ? List.of() : model.getBuild().getPlugins();
        for (Plugin plugin : plugins) {
            if (TOOLCHAINS.equals(plugin.getArtifactId())) {
                return "a toolchain chooses its JDK";
            }
            if (outsideSnapshot(plugin.getGroupId() + ":" + plugin.getArtifactId(), plugin.getVersion(), reactor)) {
                return "the plugin " + plugin.getKey() + " is a SNAPSHOT or a version range from outside the reactor";
            }
            dependencies.addAll(plugin.getDependencies());
        }
        for (Dependency dependency : dependencies) {
            if (outsideSnapshot(dependency.getGroupId() + ":" + dependency.getArtifactId(), dependency.getVersion(), reactor)) {
                return "it depends on " + dependency.getManagementKey() + ":" + dependency.getVersion()
                        + ", a SNAPSHOT or a version range from outside the reactor";
            }
        }
        for (Extension extension : model.getBuild() == null ? List.<Extension>of() : model.getBuild().getExtensions()) {
            if (outsideSnapshot(extension.getGroupId() + ":" + extension.getArtifactId(), extension.getVersion(), reactor)) {
                return "the build extension " + extension.getGroupId() + ":" + extension.getArtifactId() + " is a SNAPSHOT from outside the reactor";
            }
        }
        return null;
    }

    private static boolean outsideSnapshot(String key, String version, Set<String> reactor) {
        if (version == null || reactor.contains(key + ":" + version)) {
            return false;
        }
        return version.endsWith("SNAPSHOT") || version.startsWith("[") || version.startsWith("(") || version.contains(",");
    }

    /** The effective model as text with the worktree's path taken out, its active profiles, and, if it filters resources, queue-lock's properties too. */
    private static String modelText(MavenProject project, MavenSession session, Path top) {
        StringWriter text = new StringWriter();
        try {
            new MavenXpp3Writer().write(text, project.getModel());
        } catch (IOException e) {
            throw new IllegalStateException("cannot write a model to a string", e);
        }
        StringBuilder model = new StringBuilder(text.toString().replace(project.getBasedir().getAbsolutePath(), "${basedir}")
                .replace(top.toString(), WORKTREE));
        for (Profile profile : project.getActiveProfiles()) {
            model.append("\nactive profile: ").append(profile.getId());
        }
        if (filters(project)) {
            // A filtered resource may say ${queuelock.lane.port}: then each lane's output is its own.
            userProperties(session.getUserProperties(), true).forEach((k, v) -> model.append('\n').append(k).append('=').append(v));
        }
        return model.toString();
    }

    private static boolean filters(MavenProject project) {
        for (Resource resource : project.getResources()) {
            if (resource.isFiltering()) {
                return true;
            }
        }
        for (Resource resource : project.getTestResources()) {
            if (resource.isFiltering()) {
                return true;
            }
        }
        return false;
    }

    /** The user properties, sorted: all but queue-lock's own, or ({@code own}) only those. */
    private static SortedMap<String, String> userProperties(Properties user, boolean own) {
        SortedMap<String, String> sorted = new TreeMap<>();
        for (Map.Entry<Object, Object> e : user.entrySet()) {
            String key = String.valueOf(e.getKey());
            if (key.startsWith(OWN_PROPERTIES) == own && !notInput(key)) {
                sorted.put(key, String.valueOf(e.getValue()));
            }
        }
        return sorted;
    }

    /** The path without symlinks, as git's top is (a temp directory may be reached through one). */
    private static Path physical(Path dir) {
        try {
            return dir.toRealPath();
        } catch (IOException e) {
            return dir.toAbsolutePath().normalize();
        }
    }

    private static boolean notInput(String key) {
        for (String name : NOT_INPUTS) {
            if (name.endsWith(".") ? key.startsWith(name) : key.equals(name)) {
                return true;
            }
        }
        return false;
    }

    /** {@code dir} relative to {@code top}, {@code /}-separated; null if it is outside. */
    private static String relative(Path top, Path dir) {
        if (!dir.startsWith(top)) {
            return null;
        }
        return top.relativize(dir).toString().replace('\\', '/');
    }
}
