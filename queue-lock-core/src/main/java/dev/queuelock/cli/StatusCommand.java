package dev.queuelock.cli;

import dev.queuelock.LockRecord;
import dev.queuelock.QueueSnapshot;
import dev.queuelock.config.BuildScope;
import dev.queuelock.json.StatusJson;
import java.io.PrintStream;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** {@code status}: the live holder and the live waiters of one queue, in the order they will be served. */
final class StatusCommand {

    static final Set<String> VALUE_OPTIONS = QueueOptions.VALUE_OPTIONS;
    static final Set<String> FLAGS = flags();

    private final QueueOptions queue;
    private final boolean json;

    StatusCommand(Arguments args, Map<String, String> env) {
        this.queue = QueueOptions.from(args, env);
        this.json = args.has("--json");
    }

    int execute(PrintStream out) {
        QueueSnapshot snapshot = queue.factory.snapshot(queue.queue, queue.dir);
        long now = System.currentTimeMillis();
        if (json) {
            // The CLI keys every queue by the repository of --dir.
            out.println(new StatusJson(now).queue(queue.queue, BuildScope.REPO.toString(),
                    queue.factory.backendFor(queue.queue).name(), snapshot).render());
        } else {
            printText(snapshot, now, out);
        }
        return 0;
    }

    private void printText(QueueSnapshot snapshot, long now, PrintStream out) {
        out.println("queue " + queue.queue + " (" + snapshot.location() + ")");
        snapshot.slotsLine().ifPresent(line -> out.println("slots:   " + line));
        if (snapshot.holders().isEmpty()) {
            out.println("holder:  none");
        }
        snapshot.holders().forEach(h -> out.println("holder:  " + RecordFormat.holder(snapshot, h, now)));
        List<LockRecord> waiters = snapshot.waiters();
        out.println("waiting: " + (waiters.isEmpty() ? "none" : String.valueOf(waiters.size())));
        for (int i = 0; i < waiters.size(); i++) {
            out.println("  " + (i + 1) + ". " + RecordFormat.waiter(waiters.get(i), now));
        }
    }

    private static Set<String> flags() {
        Set<String> flags = new HashSet<>(Main.HELP_FLAGS);
        flags.add("--json");
        return Set.copyOf(flags);
    }
}
