package dev.queuelock.land.batch;

import dev.queuelock.LockRecord;
import dev.queuelock.land.LandLog;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The new holder of the land queue taking the waiters behind it into its batch: in queue order,
 * only those that offered their lane, stopping at the first that did not (no lane overtakes
 * another), up to the batch size.
 */
final class Gathering {

    private final BatchOptions options;
    private final BatchBoard board;
    private final LandLog log;

    Gathering(BatchOptions options, BatchBoard board, LandLog log) {
        this.options = options;
        this.board = board;
        this.log = log;
    }

    /** Takes up to size − 1 live waiters with a request, in queue order, and tells them they are taken by batch {@code id}. */
    List<BatchRequest> take(BatchRequest self, String id) {
        List<BatchRequest> taken = new ArrayList<>();
        for (LockRecord waiter : options.landWaiters()) {
            if (taken.size() >= options.size() - 1) {
                break;
            }
            var request = board.request(waiter.lane()).filter(r -> r.belongsTo(waiter) && r.isAlive());
            if (request.isEmpty() || request.get().lane.equals(self.lane)) {
                break; // FIFO: a lane that cannot be batched is not overtaken by the ones behind it
            }
            try {
                board.answer(BatchVerdict.taken(request.get(), id, self.lane));
                taken.add(request.get());
            } catch (IOException e) {
                log.warn("could not take " + request.get().lane + " into the batch (" + e.getMessage() + "); it lands later");
                break;
            }
        }
        return taken;
    }
}
