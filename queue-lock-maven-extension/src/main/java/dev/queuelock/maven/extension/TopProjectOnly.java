package dev.queuelock.maven.extension;

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
     * Makes {@code request} non-recursive, unless the user chose projects ({@code -pl}, {@code -rf}):
     * those name modules that only a recursive read finds.
     *
     * @return whether the request was changed
     */
    static boolean apply(MavenExecutionRequest request) {
        if (!request.isRecursive() || !request.getSelectedProjects().isEmpty()
                || !request.getExcludedProjects().isEmpty() || request.getResumeFrom() != null) {
            return false;
        }
        request.setRecursive(false);
        return true;
    }
}
