package dev.queuelock.maven.it;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The small Maven projects the ITs build, as POM files under {@code src/test/resources/.../poms}
 * (read as XML, not assembled from Java strings): {@code hold.xml} holds its build until told,
 * {@code hold-modules.xml} does the same as the parent of modules a and b ({@code hold-module.xml},
 * its artifactId {@code MODULE} replaced), {@code port.xml} writes {@code ${queuelock.lane.port}},
 * {@code rat.xml} runs Apache RAT in verify.
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
}
