package dev.queuelock.maven.goals;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No production class is over {@value #MAX_LINES} lines ({@code wc -l} of its file), in the main
 * code of all modules: a class that long does several things, each of which wants a name of its own.
 */
class ClassSizeTest {

    private static final int MAX_LINES = 250;


    @Test
    void noProductionClassIsOver250Lines() throws IOException {
        List<Path> sources = mainSources(Path.of(".."));
        assertThat(sources).as("the main code's classes").isNotEmpty();
        List<String> over = new ArrayList<>();
        for (Path source : sources) {
            long lines = lines(source);
            String name = Path.of("..").relativize(source).toString().replace('\\', '/');
            if (lines > MAX_LINES) {
                over.add(name + " (" + lines + ")");
            }
        }
        assertThat(over).as("classes over " + MAX_LINES + " lines: split them into classes whose names say what each does").isEmpty();
    }

    /** Every {@code .java} file of {@code src/main/java} of every module under {@code top} (as {@link KeyStringsTest} walks them). */
    static List<Path> mainSources(Path top) throws IOException {
        List<Path> sources = new ArrayList<>();
        try (Stream<Path> files = Files.walk(top, 1)) {
            for (Path module : files.filter(d -> d.getFileName().toString().startsWith("queue-lock-")).collect(Collectors.toList())) {
                Path main = module.resolve("src/main/java");
                if (Files.isDirectory(main)) {
                    try (Stream<Path> java = Files.walk(main)) {
                        java.filter(f -> f.toString().endsWith(".java")).forEach(sources::add);
                    }
                }
            }
        }
        return sources;
    }

    /** The newlines in {@code file}, as {@code wc -l} counts them. */
    private static long lines(Path file) throws IOException {
        long count = 0;
        for (byte b : Files.readAllBytes(file)) {
            if (b == '\n') {
                count++;
            }
        }
        return count;
    }
}
