package dev.queuelock.repository;

import dev.queuelock.config.Setting;

/**
 * When free space is low enough to say so, and how it is said: declared here, beside the repository's
 * state, because a lane's own build says it too ({@code LowSpaceLine} in the core extension), besides
 * status and the watch (queue-lock-land's {@code DiskSettings} lists it with the disk settings).
 */
public final class FreeSpaceSettings {

    public static final Setting<Integer> LOW_FREE_SPACE_GB = Setting.number("queuelock.lanes.lowFreeSpaceGb", 0, 5,
            "status, watch, a lane's build",
            "When a file system the lanes or the local repository live on has less free space than this many GB (1 GB = 10^9"
                    + " bytes), status, watch (and its notify command) and every build in a lane say so, with what prune would free"
                    + " and what the lanes' build output takes; 0: never.");

    private FreeSpaceSettings() {
    }

    /** The bytes under which free space is low; 0: it never is. */
    public static long thresholdBytes(int gb) {
        return gb * 1_000_000_000L;
    }

    /**
     * The one line that says it, e.g. {@code FREE SPACE LOW: 3.2 GB free on / (/dev/sda1): the lanes, under 5 GB
     * (queuelock.lanes.lowFreeSpaceGb); mvn queuelock:prune frees ...}.
     *
     * @param where    how much is free where, e.g. {@code 3.2 GB free on / (/dev/sda1): the lanes}
     * @param freeable what can be freed and the commands that free it ({@link FreeableNote#text})
     */
    public static String lowLine(String where, int gb, String freeable) {
        return "FREE SPACE LOW: " + where + ", under " + gb + " GB (" + LOW_FREE_SPACE_GB.name() + "); " + freeable;
    }
}
