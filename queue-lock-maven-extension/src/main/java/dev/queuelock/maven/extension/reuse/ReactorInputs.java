package dev.queuelock.maven.extension.reuse;

import dev.queuelock.build.reuse.ModuleFiles;
import dev.queuelock.build.reuse.ModuleKeys;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
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
 * What decides each reactor module's outputs, read from Maven for {@link ModuleKeys}, besides the
 * build's facts ({@link BuildFacts}): per module its effective model as
 * text - plugins with their configuration, dependencies with versions, resources - with the
 * worktree's own path taken out (so a lane and the main checkout agree), its active profiles and
 * the reactor modules it builds on. What the model cannot pin down (a SNAPSHOT or a version range
 * from outside the reactor, a toolchain's JDK) leaves the module without a key.
 */
final class ReactorInputs {

    private static final String TOOLCHAINS = "maven-toolchains-plugin";
    private static final String WORKTREE = BuildFacts.WORKTREE;

    private ReactorInputs() {
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
            BuildFacts.userProperties(session.getUserProperties(), true).forEach((k, v) -> model.append('\n').append(k).append('=').append(v));
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

    /** The path without symlinks, as git's top is (a temp directory may be reached through one). */
    private static Path physical(Path dir) {
        try {
            return dir.toRealPath();
        } catch (IOException e) {
            return dir.toAbsolutePath().normalize();
        }
    }

    /** {@code dir} relative to {@code top}, {@code /}-separated; null if it is outside. */
    private static String relative(Path top, Path dir) {
        if (!dir.startsWith(top)) {
            return null;
        }
        return top.relativize(dir).toString().replace('\\', '/');
    }
}
