package dev.queuelock.repository;

import dev.queuelock.config.Setting;
import dev.queuelock.process.GitCommand;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * The branch lanes land on, and how it was found, so the user can see the choice and change it:
 * the configured one, else the remote's default branch (asked with {@code git ls-remote
 * --symref}: a remote added with {@code git remote add} has no {@code origin/HEAD}), else
 * {@code <remote>/HEAD}, else the branch of the main checkout, else {@code main}.
 *
 * <p>One answer for land, the affected build, the pre-push guard and status: they all ask here.
 * A landing asks the remote every time; a build takes the remote's answer as it was last recorded
 * ({@link RemoteDefaultBranches}) and asks only when none is, so a lane's build does not go to the
 * network on every run, yet measures its changes from the branch it will land on.
 */
public final class IntegrationBranch {

    private static final String READ_BY = "land, init, sync, prune, promote, status, affected builds";

    public static final Setting<String> REMOTE = Setting.text("queuelock.land.remote", "origin", null, READ_BY,
            "The remote to fetch from and push to.").formerly("queuelock.remote");
    public static final Setting<String> CONFIGURED = Setting.text("queuelock.land.integrationBranch", null,
            "the remote's default branch, else the main checkout's", READ_BY,
            "The branch lanes land on and the pre-push guard protects.").formerly("queuelock.integrationBranch");

    private static final String BRANCH = "refs/heads/";
    /** A remote that does not answer in this time is taken as one that cannot be asked. */
    private static final Duration ASK_LIMIT = Duration.ofSeconds(30);

    private final String name;
    /** How it was found; null when configured. */
    private final String source;

    private IntegrationBranch(String name, String source) {
        this.name = name;
        this.source = source;
    }

    public String name() {
        return name;
    }

    /** {@code master (the default branch of remote origin; override with -Dqueuelock.land.integrationBranch=<branch>)}. */
    public String describe() {
        String property = "-D" + CONFIGURED.name();
        return name + " (" + (source == null ? "set by " + property : source + "; override with " + property + "=<branch>") + ")";
    }

    /** How it was found, e.g. {@code the default branch of remote origin}; {@code set by -D...} when configured. */
    public String source() {
        return source == null ? "set by -D" + CONFIGURED.name() : source;
    }

    /**
     * As a landing needs it: the remote is asked now, and its answer recorded for builds.
     *
     * @param git git in any worktree of the repository
     * @param configured null or blank when not configured
     */
    public static IntegrationBranch asked(GitCommand git, Path commonDir, String remote, String configured) {
        return resolve(git, commonDir, remote, configured, false);
    }

    /** As a build needs it: the remote's answer as last recorded, asked (and recorded) only when there is none. */
    public static IntegrationBranch known(GitCommand git, Path commonDir, String remote, String configured) {
        return resolve(git, commonDir, remote, configured, true);
    }

    private static IntegrationBranch resolve(GitCommand git, Path commonDir, String remote, String configured, boolean recordedFirst) {
        if (configured != null && !configured.isBlank()) {
            return new IntegrationBranch(configured.strip(), null);
        }
        String fromRemote = "the default branch of remote " + remote;
        RemoteDefaultBranches recorded = new RemoteDefaultBranches(StateFolder.of(commonDir));
        if (recordedFirst) {
            Optional<String> known = recorded.get(remote);
            if (known.isPresent()) {
                return new IntegrationBranch(known.get(), fromRemote);
            }
        }
        if (run(git, "remote", "get-url", "--", remote).isPresent()) {
            Optional<String> asked = run(git.withTimeout(ASK_LIMIT), "ls-remote", "--symref", "--", remote, "HEAD")
                    .flatMap(IntegrationBranch::symrefHead);
            if (asked.isPresent()) {
                recorded.put(remote, asked.get());
                return new IntegrationBranch(asked.get(), fromRemote);
            }
            String tracking = "refs/remotes/" + remote + "/";
            Optional<String> tracked = run(git, "symbolic-ref", "--quiet", tracking + "HEAD").flatMap(ref -> after(tracking, ref));
            if (tracked.isPresent()) {
                return new IntegrationBranch(tracked.get(), "from " + remote + "/HEAD");
            }
        }
        // The common dir's HEAD is the main checkout's; a bare repository has no checkout.
        GitCommand common = GitCommand.in(commonDir);
        boolean bare = run(common, "rev-parse", "--is-bare-repository").map("true"::equals).orElse(false);
        Optional<String> mainCheckout = bare ? Optional.empty()
                : run(common, "symbolic-ref", "--quiet", "HEAD").flatMap(ref -> after(BRANCH, ref));
        if (mainCheckout.isPresent()) {
            return new IntegrationBranch(mainCheckout.get(), "the branch of the main checkout");
        }
        return new IntegrationBranch("main", "the default: no remote HEAD and no branch in the main checkout");
    }

    /** Git's trimmed output, empty when it failed or could not run. */
    private static Optional<String> run(GitCommand git, String... args) {
        try {
            GitCommand.Result result = git.run(args);
            return result.ok() ? Optional.of(result.out.strip()) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    /** The branch in {@code ref: refs/heads/master<TAB>HEAD} of {@code git ls-remote --symref <remote> HEAD}. */
    static Optional<String> symrefHead(String lsRemote) {
        for (String line : lsRemote.split("\n")) {
            if (line.startsWith("ref: " + BRANCH) && line.endsWith("\tHEAD")) {
                return Optional.of(line.substring(("ref: " + BRANCH).length(), line.length() - "\tHEAD".length()));
            }
        }
        return Optional.empty();
    }

    private static Optional<String> after(String prefix, String ref) {
        return ref.startsWith(prefix) ? Optional.of(ref.substring(prefix.length())) : Optional.empty();
    }
}
