package dev.queuelock.maven.goals;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Core is the lock (tickets, files, processes, wake-ups, its CLI: what the npm tool's queue-lock
 * is), so its main code, comments included, speaks of holders, waiters, queues and processes and
 * never of what Maven, the build policy or landing do with the lock: those words live in the
 * modules that know them, and a reader of core who meets one looks for a home that is not there.
 *
 * <p>Three exceptions, each as narrow as it can be:
 * <ul>
 *   <li>{@code lane} is not on the list at all: it is the npm tool's own word for who holds or
 *       waits (its lock record is {@code {"pid","lane","label","ts"}}), and core reads and writes
 *       that format.</li>
 *   <li>{@code worktree} is git's term, and git is how the lock finds a repository: the repository
 *       key (repo/RepoKey) keys queues by git's common dir, as the npm tool does, which must know
 *       git's linked worktrees; GitCommand names git's {@code worktree list} among the commands
 *       that only read. Nowhere else.</li>
 *   <li>The status document's key {@code "landings"} and its setter in json/StatusJson: the CLI and
 *       {@code queuelock:status} write one documented schema (the status-json page), in which every
 *       key is always present, null from the CLI; the key and the public method keep their names.</li>
 * </ul>
 */
class CoreWordsTest {

    /** Words core does not say, in any case, also as parts of identifiers ({@code MavenSession}). */
    private static final Pattern WORDS = Pattern.compile("maven|mvnd|resolver|landing|land checks|worktree", Pattern.CASE_INSENSITIVE);

    /** Per file, the text an exception above allows (removed before the words are looked for). */
    private static final Map<String, Pattern> ALLOWED = Map.of(
            "dev/queuelock/repo/RepoKey.java", Pattern.compile("worktree", Pattern.CASE_INSENSITIVE),
            "dev/queuelock/process/GitCommand.java", Pattern.compile("\"worktree\"|\\{@code worktree list}"),
            "dev/queuelock/json/StatusJson.java", Pattern.compile("\"landings\"|\\bpublic StatusJson landings\\("));

    private static final Path CORE = Path.of("../queue-lock-core/src/main/java");

    @Test
    void coreNamesNoMavenResolverMvndLandingOrWorktreeWord() throws IOException {
        List<String> found = new ArrayList<>();
        for (Path source : coreSources()) {
            String name = CORE.relativize(source).toString().replace('\\', '/');
            String text = Files.readString(source);
            Pattern allowed = ALLOWED.get(name);
            if (allowed != null) {
                text = allowed.matcher(text).replaceAll("");
            }
            String[] lines = text.split("\n", -1);
            for (int i = 0; i < lines.length; i++) {
                Matcher word = WORDS.matcher(lines[i]);
                while (word.find()) {
                    found.add(name + ":" + (i + 1) + ": " + word.group());
                }
            }
        }
        assertThat(found).as("words of other modules in core's main code: say it in the lock's terms (holder, waiter, queue, process, the holder's work)").isEmpty();
    }

    @Test
    void coreNamesNoClassOfAnotherModule() throws IOException {
        Set<String> coreClasses = new TreeSet<>();
        List<Path> core = coreSources();
        for (Path source : core) {
            coreClasses.add(className(source));
        }
        Set<String> others = new TreeSet<>();
        for (Path source : ClassSizeTest.mainSources(Path.of(".."))) {
            if (!source.normalize().startsWith(CORE.normalize())) {
                others.add(className(source));
            }
        }
        others.removeAll(coreClasses);
        // A one-word name (Git, Wakes) is also an ordinary word of a comment: only compound names count.
        others.removeIf(n -> !n.matches("[A-Z][a-z0-9]+[A-Z].*"));
        assertThat(others).as("the other modules' classes").isNotEmpty();
        Pattern names = Pattern.compile("\\b(" + String.join("|", others) + ")\\b|dev\\.queuelock\\.(maven|land|build|repository|zookeeper|bench)\\b");
        List<String> found = new ArrayList<>();
        for (Path source : core) {
            String[] lines = Files.readString(source).split("\n", -1);
            for (int i = 0; i < lines.length; i++) {
                Matcher name = names.matcher(lines[i]);
                while (name.find()) {
                    found.add(CORE.relativize(source) + ":" + (i + 1) + ": " + name.group());
                }
            }
        }
        assertThat(found).as("classes of other modules named in core's main code").isEmpty();
    }

    private static List<Path> coreSources() throws IOException {
        List<Path> core = new ArrayList<>();
        for (Path source : ClassSizeTest.mainSources(Path.of(".."))) {
            if (source.normalize().startsWith(CORE.normalize())) {
                core.add(source);
            }
        }
        assertThat(core).as("core's main code").isNotEmpty();
        return core;
    }

    private static String className(Path source) {
        String file = source.getFileName().toString();
        return file.substring(0, file.length() - ".java".length());
    }
}
