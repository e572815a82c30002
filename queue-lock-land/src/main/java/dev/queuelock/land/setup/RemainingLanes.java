package dev.queuelock.land.setup;

import dev.queuelock.land.base.LandLog;
import dev.queuelock.land.lanes.Lane;
import dev.queuelock.land.lanes.LaneLayout;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * What uninstall says about the lanes that still exist: their branches were made with the extension,
 * so it is still in their checkouts and their builds still queue. It names them and gives the one
 * command that removes them, {@code git worktree remove} of each, which refuses a lane with
 * uncommitted changes and keeps every branch and commit. It removes nothing itself: whether an
 * agent's lane goes is a person's call.
 */
public final class RemainingLanes {

    /** Characters a path may have and still be typed into a shell unquoted. */
    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_./+-]+");

    private RemainingLanes() {
    }

    /**
     * Logs the lanes beside the main checkout, if there are any.
     *
     * @param listsExtension whether a checkout's {@code .mvn/extensions.xml} still lists the extension
     */
    public static void report(LaneLayout layout, Predicate<Path> listsExtension, LandLog log) {
        List<Lane> lanes = layout.lanes();
        if (lanes.isEmpty()) {
            return;
        }
        List<String> names = new ArrayList<>();
        List<String> withExtension = new ArrayList<>();
        List<String> removals = new ArrayList<>();
        for (Lane lane : lanes) {
            names.add(lane.toString());
            if (listsExtension.test(lane.path())) {
                withExtension.add(lane.toString());
            }
            // -C the main checkout: the command works wherever it is pasted
            removals.add("git -C " + shellWord(layout.mainCheckout().toString()) + " worktree remove " + shellWord(lane.path().toString()));
        }
        String extension = withExtension.isEmpty() ? ""
                : withExtension.size() == lanes.size() ? "; the extension is still in their checkouts, so their builds still queue"
                : "; the extension is still in the checkout of " + String.join(", ", withExtension) + ", so builds there still queue";
        log.warn(lanes.size() + " lane(s) still exist: " + String.join(", ", names) + extension + ".");
        log.warn("remove them with: " + String.join(" && ", removals) + " (git refuses a lane with uncommitted changes;"
                + " the branches and their commits stay)");
    }

    /** {@code text} as one shell word: as it is if plain, else in single quotes. */
    static String shellWord(String text) {
        return PLAIN.matcher(text).matches() ? text : "'" + text.replace("'", "'\\''") + "'";
    }
}
