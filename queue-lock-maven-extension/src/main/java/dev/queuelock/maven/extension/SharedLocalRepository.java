package dev.queuelock.maven.extension;

import dev.queuelock.build.localrepo.LocalRepositorySettings;
import dev.queuelock.build.localrepo.LocalRepositoryParts;
import dev.queuelock.repo.RepoKey;
import dev.queuelock.build.localrepo.ResolverProperties;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.apache.maven.execution.MavenExecutionRequest;
import org.apache.maven.model.Profile;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes one build's local repository safe to share with builds running at once, and keeps a
 * lane's installs to that lane ({@link ResolverProperties} decides). Applied to the execution
 * request before Maven makes the build's repository session (whose local repository manager reads
 * the split settings once, when it is made): the event spy that sees the session's bounds receives the request as an event
 * before {@code Maven.execute}, on Maven 3.8.7, 3.9 and 4; {@code afterSessionStart} would be too late.
 *
 * <p>Every build but one of only our own goals gets them, whether it queues or skips the queue: a
 * skipped build is exactly the one that runs beside others. The properties go into the request's
 * system properties, not its user properties, because land passes the user properties on to its
 * check builds, which have a part of their own.
 */
final class SharedLocalRepository {

    private static final Logger LOG = LoggerFactory.getLogger(SharedLocalRepository.class);
    /** {@value}: in a lane's git dir once a build there said what its resolver cannot keep apart ({@link OncePerLane}). */
    static final String RESOLVER_NOTICE_MARKER = "queuelock-resolver-notice-said";

    private SharedLocalRepository() {
    }

    /**
     * Sets the resolver properties {@code request}'s build needs, and says what it did (debug) or, in
     * the first build of a lane, what is not kept apart (info).
     */
    static void apply(MavenExecutionRequest request) {
        if (OwnGoals.ofThisPlugin().onlyOwn(request.getGoals())) {
            return; // builds nothing, installs nothing; land gives its check builds their own part
        }
        Properties system = request.getSystemProperties();
        Properties user = request.getUserProperties();
        String laneInstalls;
        try {
            laneInstalls = LocalRepositorySettings.LANE_INSTALLS_SETTING.from(user);
        } catch (IllegalArgumentException e) {
            LOG.warn("{}; taken as {}.", e.getMessage(), LocalRepositorySettings.OWN);
            laneInstalls = LocalRepositorySettings.OWN;
        }
        RepoKey repo = RepoKey.of(BuildQueueParticipant.topDirectory(request));
        LocalRepositoryParts.Part part = repo.inGit() && !repo.mainCheckout()
                ? LocalRepositoryParts.of(repo.key()).lane(repo.lane()) : null;
        ResolverProperties decided = ResolverProperties.decide(system.getProperty("maven.version"), part, laneInstalls,
                chosen(request));
        for (Map.Entry<String, String> e : decided.properties().entrySet()) {
            system.setProperty(e.getKey(), e.getValue());
        }
        // Only a lane on Maven 3.8 has a notice; a build that would not show it (-q) leaves it to the next one.
        Optional<String> notice = decided.notice();
        if (notice.isPresent() && LOG.isInfoEnabled() && OncePerLane.first(repo, RESOLVER_NOTICE_MARKER)) {
            LOG.info(notice.get());
        }
        if (LOG.isDebugEnabled()) {
            for (String note : decided.notes()) {
                LOG.debug("Local repository: {}.", note);
            }
        }
    }

    /** What the user set, where Maven 3.9 and 4 take resolver properties from: user and system properties, active settings profiles. */
    static List<Map<?, ?>> chosen(MavenExecutionRequest request) {
        List<Map<?, ?>> chosen = new ArrayList<>(3);
        chosen.add(request.getUserProperties());
        chosen.add(request.getSystemProperties());
        List<String> active = request.getActiveProfiles();
        for (Profile profile : request.getProfiles()) {
            if (active.contains(profile.getId())) {
                chosen.add(profile.getProperties());
            }
        }
        return chosen;
    }
}
