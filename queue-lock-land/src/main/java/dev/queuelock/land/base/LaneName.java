package dev.queuelock.land.base;

/**
 * How every landing message names a lane: by its name (its worktree directory's, as the queues and
 * the landing history know it), with its branch in brackets once, left out when it is the same
 * word: {@code lane shop-lane-1 (lane/1)}, {@code lane feature}.
 */
public final class LaneName {

    private LaneName() {
    }

    public static String of(String lane, String branch) {
        return "lane " + lane + (branch == null || branch.equals(lane) ? "" : " (" + branch + ")");
    }
}
