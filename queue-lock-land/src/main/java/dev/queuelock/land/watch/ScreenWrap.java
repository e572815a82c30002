package dev.queuelock.land.watch;

import java.util.ArrayList;
import java.util.List;

/**
 * The screen's lines fitted to the terminal's width: a longer line goes on over the lines below it,
 * broken between words and indented under its start, so nothing it says is lost (and, unlike the
 * terminal's own wrapping, the frame knows how many lines it draws).
 */
public final class ScreenWrap {

    /** How much further than its line a continuation starts. */
    static final int HANGING = 2;

    private ScreenWrap() {
    }

    public static List<String> wrap(List<String> lines, int width) {
        List<String> out = new ArrayList<>();
        for (String line : lines) {
            wrap(line, width, out);
        }
        return out;
    }

    private static void wrap(String line, int width, List<String> out) {
        if (line.length() <= width) {
            out.add(line);
            return;
        }
        String indent = " ".repeat(Math.min(leadingSpaces(line) + HANGING, width / 2));
        String rest = line;
        String prefix = "";
        while (prefix.length() + rest.length() > width) {
            int room = width - prefix.length();
            int cut = rest.lastIndexOf(' ', room);
            if (cut <= leadingSpaces(rest)) {
                cut = room; // one word longer than the room: broken where the room ends
            }
            out.add(prefix + rest.substring(0, cut).stripTrailing());
            rest = rest.substring(cut).stripLeading();
            prefix = indent;
        }
        if (!rest.isEmpty()) {
            out.add(prefix + rest);
        }
    }

    private static int leadingSpaces(String line) {
        int n = 0;
        while (n < line.length() && line.charAt(n) == ' ') {
            n++;
        }
        return n;
    }
}
