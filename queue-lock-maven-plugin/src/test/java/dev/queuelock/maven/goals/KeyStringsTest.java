package dev.queuelock.maven.goals;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every {@code queuelock.*} key is written once in the main code of all modules, in its declaration:
 * a second spelling of a key (with its own fallbacks) is a copy that can disagree.
 */
class KeyStringsTest {

    private static final Pattern KEY_LITERAL = Pattern.compile("\"(?:-D)?(queuelock\\.[A-Za-z0-9.]*[A-Za-z0-9])[\"=]");

    @Test
    void eachKeyStringIsWrittenOnceInTheMainCode() throws IOException {
        Map<String, List<String>> places = keyLiterals(Path.of(".."));
        assertThat(places).as("the main code's key strings").isNotEmpty().containsKey("queuelock.land.parallel");
        assertThat(places.entrySet().stream().filter(e -> e.getValue().size() > 1)
                .map(e -> e.getKey() + " in " + e.getValue()).collect(Collectors.toList()))
                .as("keys written more than once: refer to the declaration's Setting instead").isEmpty();
    }

    /** Each key string in a string literal of {@code src/main/java} of every module under {@code top}, and where. */
    static Map<String, List<String>> keyLiterals(Path top) throws IOException {
        Map<String, List<String>> places = new TreeMap<>();
        List<Path> sources;
        try (Stream<Path> files = Files.walk(top, 1)) {
            sources = new ArrayList<>();
            for (Path module : files.filter(d -> d.getFileName().toString().startsWith("queue-lock-")).collect(Collectors.toList())) {
                Path main = module.resolve("src/main/java");
                if (Files.isDirectory(main)) {
                    try (Stream<Path> java = Files.walk(main)) {
                        java.filter(f -> f.toString().endsWith(".java")).forEach(sources::add);
                    }
                }
            }
        }
        for (Path source : sources) {
            Matcher key = KEY_LITERAL.matcher(Files.readString(source, StandardCharsets.UTF_8));
            while (key.find()) {
                places.computeIfAbsent(key.group(1), k -> new ArrayList<>()).add(source.getFileName().toString());
            }
        }
        return places;
    }
}
