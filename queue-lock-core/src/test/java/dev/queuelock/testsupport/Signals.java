package dev.queuelock.testsupport;

import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The signals tests send, and how a child is started with their default handling even when this
 * test run ignores them: a suite started as a background job ({@code mvn verify &} in a script)
 * ignores SIGINT, and every process it starts inherits that, JVMs included (a JVM leaves a signal
 * that was ignored at its start ignored).
 */
public final class Signals {

    /** What the tests send; numbers as on Linux and every other Unix for these four. */
    private static final Map<String, Integer> NUMBERS = Map.of("HUP", 1, "INT", 2, "KILL", 9, "TERM", 15);

    /** What a terminal's foreground job gets by default: these end or stop a run. */
    private static final String RESET = "HUP,INT,TERM";

    private static volatile Boolean envResets;

    private Signals() {
    }

    static int number(String signal) {
        Integer number = NUMBERS.get(signal);
        if (number == null) {
            throw new IllegalArgumentException("unknown signal " + signal + "; known: " + NUMBERS.keySet());
        }
        return number;
    }

    /**
     * {@code command} started through {@code env --default-signal=HUP,INT,TERM} (GNU coreutils
     * 8.31+), which execs it with those signals' default handling, so it is the same pid; the
     * command itself where {@code env} cannot do that. Tests that send one of these signals still
     * check {@link ChildProcess#ignores} and skip with the reason if it is ignored all the same.
     */
    static List<String> withDefaultSignals(List<String> command) {
        if (!envResetsSignals()) {
            return command;
        }
        List<String> wrapped = new ArrayList<>(List.of("env", "--default-signal=" + RESET));
        wrapped.addAll(command);
        return wrapped;
    }

    private static boolean envResetsSignals() {
        Boolean known = envResets;
        if (known == null) {
            known = probe();
            envResets = known;
        }
        return known;
    }

    private static boolean probe() {
        try {
            Process env = new ProcessBuilder("env", "--default-signal=" + RESET, "true")
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.to(new File("/dev/null"))).start();
            return env.waitFor(30, TimeUnit.SECONDS) && env.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
