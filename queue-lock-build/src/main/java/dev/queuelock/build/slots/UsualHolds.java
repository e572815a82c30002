package dev.queuelock.build.slots;

import dev.queuelock.UsualHold;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * What a long hold is judged by: the usual hold of the same kind of work in the same queue, the
 * median of its recorded holds ({@link UsageHistory}). A hold is far past it at {@value UsualHold#FAR_PAST}
 * times it; a kind with no record has no usual hold, and no hold of it is far past anything: a
 * 7-minute build is not stuck where builds take 7 minutes, and a landing's checks are not judged by
 * a lane's {@code compile}. Read only when a waiter has waited long enough to ask.
 */
public final class UsualHolds {

    /** The kind of a land's check builds, whichever branch or batch they check; their label starts with it. */
    public static final String LAND_CHECKS = "land checks";

    private final Path history;

    /** @param history the queue's {@link UsageHistory} file */
    public UsualHolds(Path history) {
        this.history = history;
    }

    /**
     * {@link #of} with its kind: what the lock's warning names. Where the work's output is, its
     * holder's record says ({@code LockRecord#output()}: a land's checks name their logs).
     */
    public Optional<UsualHold> withKindOf(String label) {
        String kind = kind(label);
        return of(label).map(length -> new UsualHold(length, kind));
    }

    /** The kind of work a holder's label names: a land's checks, whatever they check; else the label itself (a build's goals). */
    public static String kind(String label) {
        if (label == null) {
            return "";
        }
        return label.startsWith(LAND_CHECKS) ? LAND_CHECKS : label;
    }

    /** The median hold of the recorded work of {@code label}'s kind; empty if none of that kind is recorded. */
    public Optional<Duration> of(String label) {
        String kind = kind(label);
        List<BuildUsage> builds = new UsageHistory(history).read();
        long[] walls = new long[builds.size()];
        int count = 0;
        for (BuildUsage build : builds) {
            if (build.kind().isPresent() && kind.equals(kind(build.kind().get()))) {
                walls[count++] = build.wallMillis();
            }
        }
        if (count == 0) {
            return Optional.empty();
        }
        long[] mine = Arrays.copyOf(walls, count);
        Arrays.sort(mine);
        return Optional.of(Duration.ofMillis(mine[count / 2]));
    }
}
