package dev.queuelock.cli;

import dev.queuelock.QueueLockException;
import dev.queuelock.process.Hangup;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Entry point of the CLI jar: {@code run} and {@code status}; see {@link Usage}. */
public final class Main {

    static final int USAGE = 2;
    /** The queue itself failed (unsafe or unusable dir): kept apart from any exit code of CMD. */
    static final int QUEUE_FAILED = 125;

    static final Set<String> HELP_FLAGS = Set.of("-h", "--help");

    /** The CLI's commands: {@code java -jar queue-lock-core-<version>-cli.jar <command>}. */
    public static final List<String> COMMANDS = List.of("run", "status", "help");

    private Main() {
    }

    public static void main(String[] args) {
        Hangup.ignore();
        System.exit(run(args, System.getenv(), System.out, System.err));
    }

    /** Runs one command line; returns the exit code. Never calls {@code System.exit}. */
    static int run(String[] args, Map<String, String> env, PrintStream out, PrintStream err) {
        List<String> tokens = Arrays.asList(args);
        if (tokens.isEmpty()) {
            return usageError("no command given: use run or status", err);
        }
        String verb = tokens.get(0);
        List<String> rest = tokens.subList(1, tokens.size());
        try {
            if (HELP_FLAGS.contains(verb) || verb.equals("help")) {
                out.println(Usage.TEXT);
                return 0;
            }
            if (verb.equals("run")) {
                Arguments parsed = Arguments.parse(rest, RunCommand.VALUE_OPTIONS, HELP_FLAGS, true);
                return parsed.has("--help") || parsed.has("-h") ? help(out)
                        : new RunCommand(parsed, env).execute(err);
            }
            if (verb.equals("status")) {
                Arguments parsed = Arguments.parse(rest, StatusCommand.VALUE_OPTIONS, StatusCommand.FLAGS, false);
                return parsed.has("--help") || parsed.has("-h") ? help(out)
                        : new StatusCommand(parsed, env).execute(out);
            }
            return usageError("unknown command '" + verb + "': use run or status", err);
        } catch (UsageException e) {
            return usageError(verb + ": " + e.getMessage(), err);
        } catch (QueueLockException e) {
            err.println("queue-lock: " + e.getMessage());
            return QUEUE_FAILED;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("queue-lock: interrupted");
            return QUEUE_FAILED;
        }
    }

    private static int help(PrintStream out) {
        out.println(Usage.TEXT);
        return 0;
    }

    private static int usageError(String message, PrintStream err) {
        err.println("queue-lock: " + message);
        err.println(Usage.TEXT);
        return USAGE;
    }
}
