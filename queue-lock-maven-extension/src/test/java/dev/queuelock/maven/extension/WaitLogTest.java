package dev.queuelock.maven.extension;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.LockRecord;
import dev.queuelock.WaitEvent;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;

/** A build that waits logs, once, why the queue has the slots it has, beside its waiting line. */
class WaitLogTest {

    private final List<String> logged = new ArrayList<>();
    private final LockRecord holder = new LockRecord(2843, "app-lane-3", "verify", 0, null);

    @Test
    void theSlotsReasonIsLoggedOnceWithTheFirstLine() {
        WaitLog log = new WaitLog(recording());

        log.onWait(new WaitEvent(0, List.of(holder), Duration.ofSeconds(3), false)
                .withSlotsReason("auto: 1 (no build of this repository measured yet: strict turns until one has finished)"));
        log.onWait(new WaitEvent(0, List.of(holder), Duration.ofMinutes(5), false));

        assertThat(logged).containsExactly(
                "info: Build queue: next up; lane app-lane-3 (verify), pid 2843, holding for 3s",
                "info: Build queue: slots: auto: 1 (no build of this repository measured yet: strict turns until one has finished)",
                "info: Build queue: next up; lane app-lane-3 (verify), pid 2843, holding for 5m 00s");
    }

    /** Maven's logger as far as the wait log uses it: each line with its level. */
    private Logger recording() {
        return (Logger) Proxy.newProxyInstance(Logger.class.getClassLoader(), new Class<?>[] {Logger.class}, (proxy, method, args) -> {
            if ((method.getName().equals("info") || method.getName().equals("warn")) && args != null && args.length == 1) {
                logged.add(method.getName() + ": " + args[0]);
            }
            return method.getReturnType() == boolean.class ? Boolean.TRUE : null;
        });
    }
}
