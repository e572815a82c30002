package dev.queuelock.build.reuse;

import static dev.queuelock.testsupport.TestGit.git;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A module's key changes with every kind of input that decides its outputs, once each, on a real
 * git repository of a parent, {@code core} and {@code a} built on it: and only with those. The same
 * inputs give the same key, committed or not, in the main checkout or in a lane.
 */
class ModuleKeysTest {

    private static final String CORE = "shop:core";
    private static final String A = "shop:a";

    @TempDir
    Path repo;

    private SortedMap<String, String> facts;
    private Map<String, String> models;

    @BeforeEach
    void parentCoreAndA() throws Exception {
        git(repo, "init", "-q", "--initial-branch=main");
        write("pom.xml", "<project>parent</project>\n");
        write(".gitignore", "target/\nsecret.properties\n.idea/\n");
        write(".mvn/maven.config", "-B\n");
        write("core/pom.xml", "<project>core</project>\n");
        write("core/src/main/java/shop/Prices.java", "class Prices {}\n");
        write("core/src/main/resources/prices.properties", "vat=20\n");
        write("a/pom.xml", "<project>a</project>\n");
        write("a/src/main/java/shop/A.java", "class A {}\n");
        git(repo, "add", "-A");
        git(repo, "commit", "-q", "-m", "three modules");
        facts = new TreeMap<>(Map.of("java.version", "17.0.9", "java.vendor", "Eclipse Adoptium", "maven.version", "3.9.9",
                "profiles.active", "", "user maven.test.skip", "false"));
        models = new TreeMap<>(Map.of("shop:parent", "parent model", CORE, "core model", A, "a model"));
    }

    @Test
    void theSameInputsGiveTheSameKeyAndEveryKindOfInputChangesIt() throws Exception {
        ModuleKeys before = keys(repo);
        assertThat(before.key(CORE)).as(before.whyNot(CORE)).isNotNull();
        assertThat(keys(repo).key(CORE)).as("unchanged").isEqualTo(before.key(CORE));

        changesCore("a source", () -> write("core/src/main/java/shop/Prices.java", "class Prices { int vat; }\n"));
        changesCore("an untracked source", () -> write("core/src/main/java/shop/Tax.java", "class Tax {}\n"));
        changesCore("a resource", () -> write("core/src/main/resources/prices.properties", "vat=19\n"));
        changesCore("a deleted resource", () -> Files.delete(repo.resolve("core/src/main/resources/prices.properties")));
        changesCore("the module's POM", () -> write("core/pom.xml", "<project>core 2</project>\n"));
        changesCore("the parent POM", () -> write("pom.xml", "<project>parent 2</project>\n"));
        changesCore("a file of .mvn", () -> write(".mvn/maven.config", "-B -T2\n"));
        changesCore("a staged source", () -> {
            write("core/src/main/java/shop/Prices.java", "class Prices { int staged; }\n");
            git(repo, "add", "core");
        });
        changesCore("a file ignored by git where the build may read it", () -> write("core/src/main/resources/secret.properties", "k=v\n"));
        changesCoreFacts("a profile", f -> f.put("profiles.active", "fast"));
        changesCoreFacts("a user property", f -> f.put("user skipITs", "true"));
        changesCoreFacts("the JDK", f -> f.put("java.version", "21.0.1"));
        changesCoreFacts("the JDK's vendor", f -> f.put("java.vendor", "Oracle Corporation"));
        changesCoreFacts("the Maven version", f -> f.put("maven.version", "4.0.0-rc-5"));
        String model = models.get(CORE);
        models.put(CORE, model + " maven-compiler-plugin 3.14.0");
        assertThat(keys(repo).key(CORE)).as("a plugin's version in the effective model").isNotEqualTo(before.key(CORE));
        models.put(CORE, model);
        assertThat(keys(repo).key(CORE)).as("all put back").isEqualTo(before.key(CORE));
    }

    @Test
    void aChangeBelowChangesEveryKeyAboveAndNoneBelow() throws Exception {
        ModuleKeys before = keys(repo);
        write("core/src/main/java/shop/Prices.java", "class Prices { int vat; }\n");
        ModuleKeys core = keys(repo);
        assertThat(core.key(A)).as("a builds on core").isNotEqualTo(before.key(A));
        git(repo, "checkout", "-q", "--", "core");

        write("a/src/main/java/shop/A.java", "class A { int x; }\n");
        ModuleKeys a = keys(repo);
        assertThat(a.key(CORE)).as("core does not build on a").isEqualTo(before.key(CORE));
        assertThat(a.key(A)).isNotEqualTo(before.key(A));
    }

    @Test
    void aLaneAtTheSameCommitHasTheMainCheckoutsKeysCommittedOrNot() throws Exception {
        ModuleKeys main = keys(repo);
        Path lane = repo.resolveSibling(repo.getFileName() + "-lane-1");
        git(repo, "worktree", "add", "-q", "-b", "lane-1", lane.toString(), "HEAD");
        assertThat(keys(lane).key(CORE)).isEqualTo(main.key(CORE));

        Files.writeString(lane.resolve("core/src/main/java/shop/Tax.java"), "class Tax {}\n");
        String uncommitted = keys(lane).key(CORE);
        git(lane, "add", "-A");
        git(lane, "commit", "-q", "-m", "tax");
        assertThat(keys(lane).key(CORE)).as("the same files, now committed").isEqualTo(uncommitted);
    }

    @Test
    void whatGitIgnoresOutsideTheSourcesChangesNoKey() throws Exception {
        ModuleKeys before = keys(repo);
        write("core/target/classes/shop/Prices.class", "built");
        write("core/.idea/workspace.xml", "<ide/>");
        assertThat(keys(repo).key(CORE)).isEqualTo(before.key(CORE));
    }

    @Test
    void aModuleBuiltOnOneWithoutAKeyHasNone() throws Exception {
        write("core/src/main/resources/secret.properties", "k=v\n");
        ModuleKeys keys = keys(repo);
        assertThat(keys.key(CORE)).isNull();
        assertThat(keys.whyNot(CORE)).contains("core/src/main/resources/secret.properties is ignored by git");
        assertThat(keys.key(A)).isNull();
        assertThat(keys.whyNot(A)).isEqualTo("it builds on shop:core, which is built");
    }

    private interface Change {
        void apply() throws Exception;
    }

    /** Core's key (and a's, built on it) differs after {@code change}, and is as before once the files are back. */
    private void changesCore(String input, Change change) throws Exception {
        ModuleKeys before = keys(repo);
        change.apply();
        ModuleKeys after = keys(repo);
        assertThat(after.key(CORE)).as(input + " changes core's key").isNotEqualTo(before.key(CORE));
        assertThat(after.key(A)).as(input + " changes the key of a, built on core").isNotEqualTo(before.key(A));
        git(repo, "reset", "-q", "--hard");
        git(repo, "clean", "-q", "-fdx");
        assertThat(keys(repo).key(CORE)).as("back as before " + input).isEqualTo(before.key(CORE));
    }

    private void changesCoreFacts(String input, Consumer<SortedMap<String, String>> change) throws Exception {
        SortedMap<String, String> kept = new TreeMap<>(facts);
        String before = keys(repo).key(CORE);
        change.accept(facts);
        assertThat(keys(repo).key(CORE)).as(input + " changes core's key").isNotEqualTo(before);
        facts = kept;
    }

    private ModuleKeys keys(Path worktree) throws Exception {
        List<ModuleKeys.Module> modules = List.of(
                new ModuleKeys.Module("shop:parent", new ModuleFiles.Module("", "target", false), models.get("shop:parent"), List.of(), null),
                new ModuleKeys.Module(CORE, new ModuleFiles.Module("core", "target", true), models.get(CORE), List.of("shop:parent"), null),
                new ModuleKeys.Module(A, new ModuleFiles.Module("a", "target", true), models.get(A), List.of("shop:parent", CORE), null));
        return ModuleKeys.of(WorkingTree.read(worktree), facts, ".mvn", modules);
    }

    private void write(String path, String text) throws Exception {
        Path file = repo.resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }
}
