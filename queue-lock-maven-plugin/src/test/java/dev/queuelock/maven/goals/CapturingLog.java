package dev.queuelock.maven.goals;

import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.logging.SystemStreamLog;

/** A Maven log that also keeps what a goal said at info level and above. */
final class CapturingLog extends SystemStreamLog {

    final List<String> lines = new ArrayList<>();

    @Override
    public void info(CharSequence content) {
        lines.add(String.valueOf(content));
    }

    @Override
    public void warn(CharSequence content) {
        lines.add(String.valueOf(content));
    }

    @Override
    public void error(CharSequence content) {
        lines.add(String.valueOf(content));
    }

    String text() {
        return String.join("\n", lines);
    }
}
