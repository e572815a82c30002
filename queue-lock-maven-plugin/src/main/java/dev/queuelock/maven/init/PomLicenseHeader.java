package dev.queuelock.maven.init;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The license header of a project's top {@code pom.xml}: the comment right after its XML
 * declaration, when it speaks of a license or a copyright. A header check that covers
 * {@code .mvn/} (license-maven-plugin's default includes are every file) fails on a new XML file
 * without it, and that check already accepts the POM's header, so a new
 * {@code .mvn/extensions.xml} that starts with the same bytes passes it.
 */
public final class PomLicenseHeader {

    private static final Pattern LEADING_COMMENT = Pattern.compile("\\A\\uFEFF?(?:<\\?xml[^>]*\\?>)?\\s*(<!--.*?-->)",
            Pattern.DOTALL);

    private PomLicenseHeader() {
    }

    /** The header comment, byte for byte, or empty if the POM is missing, unreadable or starts with none. */
    public static Optional<String> of(Path topDirectory) {
        Path pom = topDirectory.resolve("pom.xml");
        try {
            return Files.isRegularFile(pom) ? in(Files.readString(pom, StandardCharsets.UTF_8)) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty(); // unreadable or not UTF-8: the new file simply has no header
        }
    }

    static Optional<String> in(String pom) {
        Matcher m = LEADING_COMMENT.matcher(pom);
        if (!m.find()) {
            return Optional.empty();
        }
        String comment = m.group(1);
        String lower = comment.toLowerCase(Locale.ROOT);
        return lower.contains("licen") || lower.contains("copyright") ? Optional.of(comment) : Optional.empty();
    }
}
