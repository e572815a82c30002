package dev.queuelock.process;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Working directories from {@code lsof}, with only options its manual documents alike on Linux and
 * macOS (lsof(8), lsof-org 4.9x, the build both ship): {@code -w} (no warnings), {@code -a -d cwd}
 * (only each process's current working directory), {@code -F pcRn} (machine-readable fields: pid,
 * command name, parent pid, name). Its exit code is not used: lsof exits 1 when some other user's
 * process could not be inspected, while still listing all it could.
 */
final class LsofDirectories {

    private static final long TIMEOUT_SECONDS = 30;

    private LsofDirectories() {
    }

    static Occupants read() {
        return read("lsof");
    }

    /** @param program {@code lsof}, or in a test a name no program has */
    static Occupants read(String program) {
        Process lsof;
        try {
            lsof = new ProcessBuilder(program, "-w", "-a", "-d", "cwd", "-F", "pcRn")
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            lsof.getOutputStream().close();
        } catch (IOException e) {
            return Occupants.unknown("lsof is not installed (" + e.getMessage() + "), and without it nobody can tell"
                    + " which processes work where; install lsof");
        }
        try {
            String out = new String(lsof.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!lsof.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                lsof.destroyForcibly();
                return Occupants.unknown("lsof did not finish within " + TIMEOUT_SECONDS + " s: nobody can tell which processes work where");
            }
            return Occupants.of(parse(out, ProcessHandle.current().pid()));
        } catch (IOException e) {
            lsof.destroyForcibly();
            return Occupants.unknown("could not read lsof's answer (" + e.getMessage() + "): nobody can tell which processes work where");
        } catch (InterruptedException e) {
            lsof.destroyForcibly();
            Thread.currentThread().interrupt();
            return Occupants.unknown("interrupted while lsof ran: nobody can tell which processes work where");
        }
    }

    /** Lines of {@code -F}: a {@code p} line starts a process, the fields after it describe it. */
    static List<Occupant> parse(String out, long self) {
        List<Occupant> found = new ArrayList<>();
        long pid = -1;
        long parent = 0;
        String command = "";
        for (String line : out.split("\n")) {
            if (line.isEmpty()) {
                continue;
            }
            String value = line.substring(1);
            switch (line.charAt(0)) {
                case 'p':
                    pid = parseLong(value);
                    parent = 0;
                    command = "";
                    break;
                case 'R':
                    parent = parseLong(value);
                    break;
                case 'c':
                    command = value;
                    break;
                case 'n':
                    if (pid > 0 && pid != self && value.startsWith("/")) {
                        found.add(new Occupant(pid, parent, command, Path.of(value)));
                    }
                    break;
                default:
                    break; // other fields (the descriptor, 'f') say nothing we need
            }
        }
        return found;
    }

    private static long parseLong(String text) {
        try {
            return Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
