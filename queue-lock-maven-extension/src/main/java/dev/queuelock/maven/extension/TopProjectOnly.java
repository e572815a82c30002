package dev.queuelock.maven.extension;

import java.util.ArrayList;

import org.apache.maven.execution.MavenExecutionRequest;

/**
 * A session of only our own goals reads the top POM alone, as {@code -N} does. Our goals are
 * aggregators: they run once, on the top project, so reading the modules only made Maven print the
 * reactor build order and a summary of every module {@code SKIPPED}. Set before the projects are
 * read ({@code afterSessionStart}); a session that also has phases or other goals is left as it is.
 */
final class TopProjectOnly {

    private TopProjectOnly() {
    }

    /**
     * Makes {@code request} non-recursive, unless the user chose projects ({@code -pl X},
     * {@code -rf}): those name modules that only a recursive read finds. Exclusions alone
     * ({@code -pl !X}, often kept in {@code .mvn/maven.config}) are dropped instead: they would name
     * modules the top POM's read no longer finds, which Maven refuses, and they leave out nothing
     * from a session that builds no module.
     *
     * @return whether the request was changed
     */
    static boolean apply(MavenExecutionRequest request) {
        if (!request.isRecursive() || !request.getSelectedProjects().isEmpty()
                || request.getResumeFrom() != null) {
            return false;
        }
        if (!request.getExcludedProjects().isEmpty()) {
            request.setExcludedProjects(new ArrayList<>());
        }
        request.setRecursive(false);
        return true;
    }
}
