package dev.queuelock.maven.it;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The small Maven projects the ITs build, as POM files under {@code src/test/resources/.../poms}
 * (read as XML, not assembled from Java strings): {@code hold.xml} holds its build until told,
 * {@code hold-modules.xml} does the same as the parent of modules a and b ({@code hold-module.xml},
 * its artifactId {@code MODULE} replaced), {@code port.xml} writes {@code ${queuelock.lane.port}},
 * {@code rat.xml} runs Apache RAT in verify. Whole projects, with modules and sources, lie under
 * {@code .../projects}: {@code two-modules} has a unit test and an IT that fail with messages of
 * several lines once a lane changes their files.
 */
final class TestPoms {

    private TestPoms() {
    }

    /** The POM {@code name}'s text. */
    static String text(String name) {
        try (InputStream in = TestPoms.class.getResourceAsStream("poms/" + name)) {
            if (in == null) {
                throw new IllegalStateException("no test POM " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Copies the project {@code name} into {@code dir}, over what is there. */
    static void copyProject(String name, Path dir) throws IOException {
        URL url = TestPoms.class.getResource("projects/" + name);
        if (url == null) {
            throw new IllegalStateException("no test project " + name);
        }
        Path from;
        try {
            from = Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        List<Path> files;
        try (Stream<Path> walk = Files.walk(from)) {
            files = walk.filter(Files::isRegularFile).collect(Collectors.toList());
        }
        for (Path file : files) {
            Path to = dir.resolve(from.relativize(file).toString());
            Files.createDirectories(to.getParent());
            Files.copy(file, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
