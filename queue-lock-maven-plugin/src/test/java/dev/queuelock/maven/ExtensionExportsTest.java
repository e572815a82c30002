package dev.queuelock.maven;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.QueueLock;
import dev.queuelock.build.slots.BuildPolicy;
import dev.queuelock.repository.IntegrationBranch;
import dev.queuelock.land.engine.Lander;
import dev.queuelock.maven.extension.BuildQueue;
import dev.queuelock.maven.extension.check.LandCheckProperties;
import dev.queuelock.maven.goals.ConfigMojo;
import dev.queuelock.zookeeper.ZooKeeperBackend;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;

/**
 * The core extension's realm exports queue-lock-core (its {@code extension.xml}), and Maven then
 * leaves core out of the plugin's realm, which takes those classes from the extension's realm. The
 * list says which core packages the plugin, land and the ZooKeeper backend use, read here from
 * their compiled classes, so it cannot drift from the code. (Maven's class realms match an
 * exported package and every package below it, so {@code dev.queuelock} alone already lets all of
 * core through; the other entries state what is used, and this test keeps them true.)
 */
class ExtensionExportsTest {

    private static final Pattern EXPORTED = Pattern.compile("<exportedPackage>([^<]+)</exportedPackage>");
    /** A class of ours as the class file names it: {@code dev/queuelock/spi/Queue}, in a descriptor or as a class. */
    private static final Pattern CLASS_NAME = Pattern.compile("dev/queuelock/((?:[a-z][a-z0-9_]*/)*)[A-Z]");

    @Test
    void theExtensionExportsExactlyTheCorePackagesThePluginRealmUses() throws Exception {
        // The extension's jar carries core's classes, the build module's and the repository module's: any may be exported.
        Set<String> core = new TreeSet<>(packagesOf(home(QueueLock.class)));
        core.addAll(packagesOf(home(BuildPolicy.class)));
        core.addAll(packagesOf(home(IntegrationBranch.class)));
        Set<String> used = new TreeSet<>();
        for (Class<?> module : List.of(ConfigMojo.class, Lander.class, ZooKeeperBackend.class)) {
            for (byte[] classFile : classFiles(home(module))) {
                Matcher name = CLASS_NAME.matcher(new String(classFile, StandardCharsets.ISO_8859_1));
                while (name.find()) {
                    String pkg = ("dev/queuelock/" + name.group(1)).replaceAll("/$", "").replace('/', '.');
                    if (core.contains(pkg)) {
                        used.add(pkg);
                    }
                }
            }
        }
        assertThat(used).as("core packages the plugin realm uses").contains("dev.queuelock", "dev.queuelock.spi");
        assertThat(exported()).as("extension.xml's exported packages").containsExactlyElementsOf(used);
    }

    @Test
    void ofTheExtensionThePluginNamesOnlyConstants() throws Exception {
        // javac copies a constant's value into the class that names it (and notes the class in its
        // constant pool, unused): nothing of the extension is loaded, which a realm without it has not.
        Pattern extensionClass = Pattern.compile("dev/queuelock/maven/extension/[a-z/]*[A-Z][A-Za-z0-9_$]*");
        Set<String> named = new TreeSet<>();
        for (Class<?> module : List.of(ConfigMojo.class, Lander.class, ZooKeeperBackend.class)) {
            for (byte[] classFile : classFiles(home(module))) {
                Matcher name = extensionClass.matcher(new String(classFile, StandardCharsets.ISO_8859_1));
                while (name.find()) {
                    named.add(name.group());
                }
            }
        }
        assertThat(named).containsExactly("dev/queuelock/maven/extension/check/LandCheckProperties");
        for (Field field : LandCheckProperties.class.getDeclaredFields()) {
            assertThat(Modifier.isStatic(field.getModifiers()) && Modifier.isFinal(field.getModifiers())
                    && field.getType() == String.class).as(field.getName() + " is a constant").isTrue();
        }
    }

    private static Set<String> exported() throws IOException, URISyntaxException {
        Path home = home(BuildQueue.class);
        String xml;
        if (Files.isDirectory(home)) {
            xml = Files.readString(home.resolve("META-INF/maven/extension.xml"));
        } else {
            try (ZipFile jar = new ZipFile(home.toFile()); InputStream in = jar.getInputStream(jar.getEntry("META-INF/maven/extension.xml"))) {
                xml = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
        }
        Set<String> packages = new TreeSet<>();
        Matcher exported = EXPORTED.matcher(xml);
        while (exported.find()) {
            packages.add(exported.group(1).trim());
        }
        return packages;
    }

    /** The class directory or jar a class was loaded from. */
    private static Path home(Class<?> type) throws URISyntaxException {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    private static Set<String> packagesOf(Path home) throws IOException {
        Set<String> packages = new TreeSet<>();
        for (String name : classNames(home)) {
            packages.add(name.substring(0, name.lastIndexOf('/')).replace('/', '.'));
        }
        return packages;
    }

    private static List<String> classNames(Path home) throws IOException {
        List<String> names = new ArrayList<>();
        if (Files.isDirectory(home)) {
            try (Stream<Path> files = Files.walk(home)) {
                files.filter(f -> f.toString().endsWith(".class")).forEach(f -> names.add(home.relativize(f).toString().replace('\\', '/')));
            }
        } else {
            try (ZipFile jar = new ZipFile(home.toFile())) {
                jar.stream().map(ZipEntry::getName).filter(n -> n.endsWith(".class") && !n.startsWith("META-INF/")).forEach(names::add);
            }
        }
        return names;
    }

    private static List<byte[]> classFiles(Path home) throws IOException {
        List<byte[]> files = new ArrayList<>();
        if (Files.isDirectory(home)) {
            for (String name : classNames(home)) {
                files.add(Files.readAllBytes(home.resolve(name)));
            }
        } else {
            try (ZipFile jar = new ZipFile(home.toFile())) {
                for (String name : classNames(home)) {
                    try (InputStream in = jar.getInputStream(jar.getEntry(name))) {
                        files.add(in.readAllBytes());
                    }
                }
            }
        }
        return files;
    }
}
