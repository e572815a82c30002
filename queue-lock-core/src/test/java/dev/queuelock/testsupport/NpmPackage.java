package dev.queuelock.testsupport;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The real npm tool, {@code claude-code-merge-queue} 0.5.4, installed once per build under
 * {@code target/npm-interop} with the ordinary npm client, plus small node scripts that call its
 * exported module.
 */
public final class NpmPackage {

    public static final String NAME = "claude-code-merge-queue";
    public static final String VERSION = "0.5.4";

    private static Path prefix;

    private NpmPackage() {
    }

    /** Installs the package unless it is already there; returns the npm prefix. */
    public static synchronized Path install() throws IOException, InterruptedException {
        if (prefix != null) {
            return prefix;
        }
        Path dir = Path.of(System.getProperty("basedir", ".")).toAbsolutePath().resolve("target/npm-interop");
        Path packageJson = dir.resolve("node_modules").resolve(NAME).resolve("package.json");
        if (!Files.exists(packageJson) || !Files.readString(packageJson).contains("\"version\": \"" + VERSION + "\"")) {
            Files.createDirectories(dir);
            run(dir, List.of("npm", "install", "--prefix", dir.toString(), "--no-audit", "--no-fund",
                    NAME + "@" + VERSION));
        }
        prefix = dir;
        return dir;
    }

    /** The tool's command line entry point, run as {@code node <bin> build-lock -- CMD}. */
    public static Path bin() throws IOException, InterruptedException {
        return install().resolve("node_modules").resolve(NAME).resolve("dist/bin/claude-code-merge-queue.js");
    }

    /**
     * Writes an ES module next to the installed package (so {@code import ... from
     * 'claude-code-merge-queue/queue-lock'} resolves through the package's own exports map).
     */
    public static Path script(String name, String source) throws IOException, InterruptedException {
        Path file = install().resolve(name);
        Files.writeString(file, source, StandardCharsets.UTF_8);
        return file;
    }

    /** Runs node with the given args in {@code cwd}; returns stdout, failing on a non-zero exit. */
    public static String node(Path cwd, List<String> args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add("node");
        command.addAll(args);
        return run(cwd, command);
    }

    private static String run(Path cwd, List<String> command) throws IOException, InterruptedException {
        Path err = Files.createTempFile("npm-interop", ".err");
        try {
            Process p;
            try {
                p = new ProcessBuilder(command).directory(cwd.toFile())
                        .redirectError(err.toFile()).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                        .start();
            } catch (IOException e) {
                throw new AssertionError(command.get(0) + " is not installed, but the interop tests need Node.js >= 18 "
                        + "and npm to run the real " + NAME + " (apt-get install nodejs npm): " + e.getMessage());
            }
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(5, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new AssertionError("timed out: " + command);
            }
            if (p.exitValue() != 0) {
                throw new AssertionError(command + " failed with exit " + p.exitValue() + ":\n" + Files.readString(err));
            }
            return out;
        } finally {
            Files.deleteIfExists(err);
        }
    }
}
