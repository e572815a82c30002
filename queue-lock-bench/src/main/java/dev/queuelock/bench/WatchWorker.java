package dev.queuelock.bench;

import dev.queuelock.build.slots.BuildPolicy;
import dev.queuelock.LockRecord;
import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.land.lanes.LaneState;
import dev.queuelock.land.notify.Notifier;
import dev.queuelock.land.watch.FactorySources;
import dev.queuelock.land.watch.WatchLoop;
import dev.queuelock.land.watch.WatchSources;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

/**
 * The watch's own loop ({@link WatchLoop}, as {@code mvn queuelock:watch} runs it) on a benchmark
 * queue, outside git (no lanes): prints {@code <epoch ms> <holder pid> <holder ts>} each time it
 * shows a new holder, so the benchmark can tell how long after a take the view showed it.
 *
 * <pre>WatchWorker tmp=DIR key=REPOKEY</pre>
 */
public final class WatchWorker {

    private WatchWorker() {
    }

    public static void main(String[] argv) throws Exception {
        BenchArgs args = BenchArgs.parse(argv);
        QueueLockFactory factory = BuildPolicy.on(QueueLockFactory.defaults()).withTmpDir(Path.of(args.require("tmp")));
        String key = args.require("key");
        PrintStream out = System.out;
        WatchSources sources = new FactorySources(factory, factory.queue("build", key), factory.queue("land", key)) {
            @Override
            public List<LaneState> lanes() {
                return List.of();
            }

            @Override
            public Path commonDir() {
                return null;
            }
        };
        long[] shown = {-1, -1};
        new WatchLoop(sources, Notifier.NONE, 0).run(model -> {
            List<LockRecord> holders = model.buildQueue().holders();
            LockRecord h = holders.isEmpty() ? null : holders.get(0);
            if (h != null && (h.pid() != shown[0] || h.ts() != shown[1])) {
                shown[0] = h.pid();
                shown[1] = h.ts();
                out.println(System.currentTimeMillis() + " " + h.pid() + " " + h.ts());
                out.flush();
            }
        });
    }
}
