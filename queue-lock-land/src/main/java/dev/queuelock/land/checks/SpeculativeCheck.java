package dev.queuelock.land.checks;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/**
 * What a speculative check of one lane on top of others leaves beside its log: the commit of the
 * lanes ahead ({@link #AHEAD}), written before the run, so an affected-module check can ask
 * whether the lane is independent of them; and, after the run, whether its plan said its check on
 * main stands ({@link #standsOnMain}).
 */
public final class SpeculativeCheck {

    /** The companion of the log naming the commit the lane's own commits sit on. */
    public static final String AHEAD = "ahead";

    /** How the check build's plan says the lane is independent of the lanes ahead. */
    static final String STANDS = "its check on main stands";

    private SpeculativeCheck() {
    }

    /** Before the run: names the commit of the lanes ahead of the checked lane. */
    public static void ahead(Path log, String commit) throws IOException {
        Files.createDirectories(log.getParent());
        Files.writeString(CheckLogs.companion(log, AHEAD), commit + "\n", StandardCharsets.UTF_8);
    }

    /** After the run: whether its plan said the lane's check on main stands for its check on the lanes ahead. */
    public static boolean standsOnMain(Path log) {
        try {
            List<String> plan = Files.readAllLines(CheckLogs.companion(log, "plan"), StandardCharsets.UTF_8);
            return plan.stream().anyMatch(line -> line.contains(STANDS));
        } catch (NoSuchFileException e) {
            return false;
        } catch (IOException e) {
            return false;
        }
    }
}
