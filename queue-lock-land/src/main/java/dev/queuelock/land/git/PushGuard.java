package dev.queuelock.land.git;

import dev.queuelock.config.Setting;
import dev.queuelock.land.base.LandException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The pre-push guard: a POSIX sh hook (no JVM start on every push) that rejects a direct push to
 * the integration or a protected branch (those init was given, and those {@code .mvn/maven.config}
 * names at the time of the push) unless {@code land} is pushing ({@value Git#LANDING_ENV}=1)
 * or a human pulls the emergency hatch ({@code QUEUELOCK_EMERGENCY_PUSH=1}), or the push changes
 * nothing but init's own files (publishing init's own commit, which cannot be landed before the
 * extension is on the branch).
 *
 * <p>Installed into the hooks directory git really uses ({@code core.hooksPath} honoured). A hook
 * already there is kept, renamed to {@value #CHAINED}, and run first with the same arguments and
 * input; installing twice changes nothing.
 */
public final class PushGuard {

    static final String MARKER = "# queue-lock pre-push guard";
    public static final String CHAINED = "pre-push.queuelock-chained";
    private static final Pattern SAFE_BRANCH = Pattern.compile("[A-Za-z0-9._/-]+");

    private PushGuard() {
    }

    /** Installs or updates the guard; returns the hook's path. */
    public static Path install(Git git, List<String> guardedBranches) throws IOException {
        return install(git, guardedBranches, List.of());
    }

    /**
     * Installs or updates the guard; returns the hook's path.
     *
     * @param initFiles paths (relative to the top, no spaces) init writes: a push changing only these may pass
     */
    public static Path install(Git git, List<String> guardedBranches, List<String> initFiles) throws IOException {
        for (String file : initFiles) {
            if (!SAFE_BRANCH.matcher(file).matches()) {
                throw new LandException("cannot let init's file '" + file + "' through the guard: only letters, digits and . _ / - are supported.");
            }
        }
        for (String branch : guardedBranches) {
            if (!SAFE_BRANCH.matcher(branch).matches()) {
                throw new LandException("cannot guard branch '" + branch + "': only letters, digits and . _ / - are supported in guarded branch names.");
            }
        }
        Path hooks = git.gitPath("hooks");
        Files.createDirectories(hooks);
        Path hook = hooks.resolve("pre-push");
        Path chained = hooks.resolve(CHAINED);
        if (Files.exists(hook, LinkOption.NOFOLLOW_LINKS) && !isOurs(hook)) {
            if (Files.exists(chained, LinkOption.NOFOLLOW_LINKS)) {
                throw new LandException(hook + " is not ours and " + chained + " already exists; merge them by hand, then run init again.");
            }
            Files.move(hook, chained); // keep the user's hook; ours runs it first
        }
        Path tmp = hooks.resolve("pre-push.queuelock-" + ProcessHandle.current().pid() + ".tmp");
        Files.deleteIfExists(tmp);
        Files.write(tmp, script(guardedBranches, initFiles).getBytes(StandardCharsets.UTF_8));
        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.move(tmp, hook, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        return hook;
    }

    private static boolean isOurs(Path hook) throws IOException {
        return Files.isRegularFile(hook, LinkOption.NOFOLLOW_LINKS)
                && new String(Files.readAllBytes(hook), StandardCharsets.UTF_8).contains(MARKER);
    }


    /**
     * The branches {@code .mvn/maven.config} protects, read at every push (of the pushing worktree
     * and of the main checkout, as Maven there would read them), so a branch protected after init
     * is guarded at once; init's own list stays too. Tokens as Maven splits the file (whitespace),
     * {@code -Dkey=value} or {@code -D key=value}, quotes dropped, the last of a key per file wins.
     */
    private static final String SETTINGS_AT_PUSH_TIME = ""
            + "top=$(git rev-parse --show-toplevel 2>/dev/null) || top=\n"
            + "main=$(git rev-parse --path-format=absolute --git-common-dir 2>/dev/null) && main=${main%/.git} || main=\n"
            + "setting() {\n"
            + "  for dir in \"$top\" \"$main\"; do\n"
            + "    [ -n \"$dir\" ] && [ -f \"$dir/.mvn/maven.config\" ] || continue\n"
            + "    for key in \"$@\"; do\n"
            + "      tr -d \"\\\"'\" < \"$dir/.mvn/maven.config\" | tr ' \\t\\r' '\\n\\n\\n' \\\n"
            + "        | sed -n \"s/^\\(-D\\)\\{0,1\\}$key=//p\" | tail -n 1\n"
            + "    done\n"
            + "  done\n"
            + "}\n"
            + "guarded=\"$guarded $(setting " + keys(LandTarget.INTEGRATION_BRANCH) + ") $(setting "
            + keys(LandTarget.PROTECTED_BRANCHES) + " | tr , ' ') $(setting " + keys(LandTarget.PRODUCTION_BRANCH) + ")\"\n";

    /** The names a key is read under in .mvn/maven.config: its own and its former one. */
    private static String keys(Setting<?> setting) {
        return setting.formerName() == null ? setting.name() : setting.name() + " " + setting.formerName();
    }

    static String script(List<String> guardedBranches, List<String> initFiles) {
        return "#!/bin/sh\n"
                + MARKER + " (written by mvn queuelock:init; edits are overwritten by the next init)\n"
                + "set -f # branch names are never file patterns\n"
                + "guarded='" + String.join(" ", guardedBranches) + "'\n"
                + SETTINGS_AT_PUSH_TIME
                + "input=$(cat)\n"
                + "chained=\"$(dirname \"$0\")/" + CHAINED + "\"\n"
                + "if [ -x \"$chained\" ]; then\n"
                + "  printf '%s\\n' \"$input\" | \"$chained\" \"$@\" || exit $?\n"
                + "fi\n"
                + "if [ \"${" + Git.LANDING_ENV + ":-}\" = 1 ] || [ \"${QUEUELOCK_EMERGENCY_PUSH:-}\" = 1 ]; then\n"
                + "  exit 0\n"
                + "fi\n"
                + "init_files='" + String.join(" ", initFiles) + "'\n"
                + "# git runs the hook at the top of the pushing worktree: name the Maven its builds use\n"
                + "mvn=mvn\n"
                + "[ -f mvnw ] && mvn=./mvnw\n"
                + "# A push changing only init's own files publishes init's commit: nothing to check.\n"
                + "init_only() {\n"
                + "  case $1 in *[!0]*) ;; *) return 1 ;; esac\n"
                + "  changed=$(git diff --name-only \"$1\" \"$2\" 2>/dev/null) || return 1\n"
                + "  [ -n \"$changed\" ] || return 1\n"
                + "  printf '%s\\n' \"$changed\" | while read -r f; do\n"
                + "    case \" $init_files \" in *\" $f \"*) ;; *) exit 1 ;; esac\n"
                + "  done\n"
                + "}\n"
                + "printf '%s\\n' \"$input\" | while read -r local_ref local_sha remote_ref remote_sha; do\n"
                + "  for b in $guarded; do\n"
                + "    if [ \"$remote_ref\" = \"refs/heads/$b\" ] && init_only \"$remote_sha\" \"$local_sha\"; then\n"
                + "      # the files this push changes (init_only left them in $changed), not every file init may write\n"
                + "      echo \"queue-lock: push to '$b' allowed: it changes only queue-lock's own set-up ($(echo $changed))\" >&2\n"
                + "    elif [ \"$remote_ref\" = \"refs/heads/$b\" ]; then\n"
                + "      echo \"queue-lock: direct push to '$b' refused: land it through the queue with '$mvn queuelock:land'\" >&2\n"
                + "      echo \"queue-lock: (emergency only: QUEUELOCK_EMERGENCY_PUSH=1 git push ...)\" >&2\n"
                + "      exit 1\n"
                + "    fi\n"
                + "  done\n"
                + "done\n";
    }
}
