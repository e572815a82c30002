package dev.queuelock.maven.goals;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The kernel's file events are had through one wrapper, core's {@code file/FileWatch}, in the main
 * code of all modules: a waiter's wake-ups, a queue's changes and the watch's view of the
 * repository's state. Two wrappers of the JDK's watch service did one job in two ways.
 */
class OneFileWatchTest {

    @Test
    void onlyFileWatchOpensTheJdksWatchService() throws IOException {
        List<String> opening = new ArrayList<>();
        for (Path source : ClassSizeTest.mainSources(Path.of(".."))) {
            String text = Files.readString(source);
            if (text.contains("newWatchService") || text.contains("import java.nio.file.WatchService;")) {
                opening.add(source.getFileName().toString());
            }
        }
        assertThat(opening).containsExactly("FileWatch.java");
    }
}
