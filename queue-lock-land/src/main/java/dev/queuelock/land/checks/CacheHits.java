package dev.queuelock.land.checks;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The modules a check build restored from maven-build-cache-extension's cache instead of building
 * them, read from the line the extension logs for each ({@code Found cached build, restoring
 * <groupId>:<artifactId> from cache by checksum ...}, the same from 1.0 to 1.2 on Maven 3.9 and 4).
 */
public final class CacheHits {

    private static final Pattern RESTORED = Pattern.compile("Found cached build, restoring (\\S+) from cache\\b");

    private CacheHits() {
    }

    /** Each restored module's {@code groupId:artifactId}, once, in the order the build reached them. */
    public static List<String> in(Path log) {
        return in(CheckFailures.read(log));
    }

    static List<String> in(List<String> lines) {
        List<String> hits = new ArrayList<>();
        for (String line : lines) {
            Matcher restored = RESTORED.matcher(line);
            if (restored.find() && !hits.contains(restored.group(1))) {
                hits.add(restored.group(1));
            }
        }
        return hits;
    }
}
