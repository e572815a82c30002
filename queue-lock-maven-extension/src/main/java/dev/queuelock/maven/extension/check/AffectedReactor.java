package dev.queuelock.maven.extension.check;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.execution.ProjectDependencyGraph;
import org.apache.maven.project.MavenProject;

/**
 * The one decision of what a build tests, shared by land's check builds ({@link CheckReactor}) and
 * a lane's own builds ({@link LaneReactor}): the session's reactor goes to {@link AffectedModules}
 * with the changed files, and the session keeps what the plan keeps.
 */
final class AffectedReactor {

    private AffectedReactor() {
    }

    /**
     * The plan for {@code changed} (relative to {@code root}) on this session's reactor, applied:
     * the modules it keeps, in reactor order, with the tests of those it only builds skipped.
     */
    static CheckPlan narrow(MavenSession session, Path root, List<String> changed) {
        return apply(session, AffectedModules.plan(root, changed, modules(session)));
    }

    /**
     * As {@link #narrow(MavenSession, Path, List)}, for a check of one lane on top of others: where
     * the lane is independent of the lanes ahead ({@link IndependentLanes}), its own plan instead.
     *
     * @param own   the files the lane itself changes
     * @param ahead the files the lanes ahead of it change
     */
    static CheckPlan narrow(MavenSession session, Path root, List<String> changed, List<String> own, List<String> ahead) {
        List<ReactorModule> modules = modules(session);
        CheckPlan alone = IndependentLanes.ownPlanIfIndependent(root, own, ahead, modules);
        return apply(session, alone != null ? alone : AffectedModules.plan(root, changed, modules));
    }

    private static CheckPlan apply(MavenSession session, CheckPlan plan) {
        if (!plan.isFull()) {
            List<MavenProject> kept = new ArrayList<>();
            for (MavenProject project : session.getProjects()) {
                if (plan.keeps(id(project))) {
                    kept.add(project);
                }
                if (plan.skipsTests(id(project))) {
                    // Read by surefire and failsafe unless the user set it: only the modules on top need it built.
                    project.getProperties().setProperty("skipTests", "true");
                }
            }
            session.setProjects(kept);
        }
        return plan;
    }

    private static List<ReactorModule> modules(MavenSession session) {
        ProjectDependencyGraph graph = session.getProjectDependencyGraph();
        List<ReactorModule> modules = new ArrayList<>();
        for (MavenProject project : session.getProjects()) {
            List<String> upstream = new ArrayList<>();
            graph.getUpstreamProjects(project, false).forEach(up -> upstream.add(id(up)));
            modules.add(new ReactorModule(id(project), project.getBasedir().toPath(), "pom".equals(project.getPackaging()), upstream));
        }
        return modules;
    }

    private static String id(MavenProject project) {
        return project.getGroupId() + ":" + project.getArtifactId();
    }
}
