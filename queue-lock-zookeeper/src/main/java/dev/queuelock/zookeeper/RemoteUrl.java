package dev.queuelock.zookeeper;

import java.nio.file.Path;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One id for one repository however its remote is spelled, so every machine that lands to it
 * shares one queue: {@code git@host:org/repo.git}, {@code ssh://git@host:22/org/repo} and
 * {@code https://user@Host/org/repo/} are all {@code host/org/repo}. User, port, a trailing
 * {@code .git} and slashes do not count; the host is case-insensitive, the path is not.
 * A local path (or {@code file://} URL) is {@code file/<absolute path>}.
 */
public final class RemoteUrl {

    private static final Pattern URL = Pattern.compile("([A-Za-z][A-Za-z0-9+.-]*)://(?:[^@/]*@)?([^/:]*)(?::\\d*)?(/.*)?");
    /** scp-like {@code [user@]host:path}; a colon after a slash is a local path, as git reads it. */
    private static final Pattern SCP = Pattern.compile("(?:[^@/:]*@)?([^/:]+):(?!//)(.*)");

    private RemoteUrl() {
    }

    /**
     * @param url  what {@code git remote get-url} printed
     * @param base the directory a relative local path is relative to (the worktree)
     */
    public static String normalize(String url, Path base) {
        String u = url.trim();
        Matcher m = URL.matcher(u);
        if (m.matches()) {
            String scheme = m.group(1).toLowerCase(Locale.ROOT);
            String path = m.group(3) == null ? "" : m.group(3);
            if (scheme.equals("file")) {
                return local(path, base);
            }
            return m.group(2).toLowerCase(Locale.ROOT) + "/" + repoPath(path);
        }
        Matcher scp = SCP.matcher(u);
        if (scp.matches() && !u.startsWith("/") && !u.startsWith(".")) {
            return scp.group(1).toLowerCase(Locale.ROOT) + "/" + repoPath(scp.group(2));
        }
        return local(u, base);
    }

    private static String local(String path, Path base) {
        Path absolute = base.resolve(path).toAbsolutePath().normalize();
        return "file/" + repoPath(absolute.toString());
    }

    /** {@code /org//repo.git/} is {@code org/repo}. */
    private static String repoPath(String path) {
        String p = path.replaceAll("/{2,}", "/");
        p = p.replaceAll("^/+", "").replaceAll("/+$", "");
        if (p.endsWith(".git")) {
            p = p.substring(0, p.length() - ".git".length());
        }
        return p.replaceAll("/+$", "");
    }
}
