package dev.queuelock.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** What the numbers were measured on. */
record Machine(int cores, String cpu, String os, String jdk, String node) {

    static Machine describe(String nodeVersion) {
        return new Machine(Runtime.getRuntime().availableProcessors(), cpuModel(),
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                        + System.getProperty("os.arch"),
                System.getProperty("java.vm.name") + " " + Runtime.version() + " (" + System.getProperty("java.vendor") + ")",
                nodeVersion);
    }

    /** The 1, 5 and 15 minute load averages, as /proc/loadavg has them. */
    static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).split(" ");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }

    private static String cpuModel() {
        try {
            Optional<String> model = Files.readAllLines(Path.of("/proc/cpuinfo")).stream()
                    .filter(l -> l.startsWith("model name")).map(l -> l.substring(l.indexOf(':') + 1).trim()).findFirst();
            return model.orElse("unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }
}
