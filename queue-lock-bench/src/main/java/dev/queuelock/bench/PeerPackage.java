package dev.queuelock.bench;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The peer: {@code claude-code-merge-queue@0.5.4}, installed with the ordinary npm client under
 * {@code target/npm-peer} when missing, and the Node worker script written next to it (so its
 * {@code import} resolves through the package's own exports map).
 */
final class PeerPackage {

    static final String NAME = "claude-code-merge-queue";
    static final String VERSION = "0.5.4";

    private final Path prefix;

    private PeerPackage(Path prefix) {
        this.prefix = prefix;
    }

    static PeerPackage install(Path prefix) throws IOException, InterruptedException {
        Path packageJson = prefix.resolve("node_modules").resolve(NAME).resolve("package.json");
        if (!Files.exists(packageJson)
                || !Files.readString(packageJson).contains("\"version\": \"" + VERSION + "\"")) {
            Files.createDirectories(prefix);
            Path log = prefix.resolve("npm-install.log");
            Process npm;
            try {
                npm = new ProcessBuilder("npm", "install", "--prefix", prefix.toString(), "--no-audit", "--no-fund",
                        NAME + "@" + VERSION).redirectErrorStream(true).redirectOutput(log.toFile())
                        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
            } catch (IOException e) {
                throw new BenchException("npm is not installed; the peer needs Node.js >= 18 and npm: " + e.getMessage());
            }
            if (!npm.waitFor(5, TimeUnit.MINUTES) || npm.exitValue() != 0) {
                npm.destroyForcibly();
                throw new BenchException("npm install " + NAME + "@" + VERSION + " failed: " + Children.tail(log));
            }
        }
        PeerPackage peer = new PeerPackage(prefix);
        peer.writeWorker();
        return peer;
    }

    /** The tool's own command line entry point, run as {@code node <bin> build-lock -- CMD}. */
    Path bin() {
        return prefix.resolve("node_modules").resolve(NAME).resolve("dist/bin/claude-code-merge-queue.js");
    }

    Path worker() {
        return prefix.resolve("bench-worker.mjs");
    }

    String nodeVersion() {
        try {
            Process p = new ProcessBuilder("node", "--version").redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            p.waitFor();
            return out;
        } catch (IOException e) {
            return "unknown";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unknown";
        }
    }

    /** The peer's twin of {@link JavaWorker}: same arguments, same log format, its createQueueLock. */
    private void writeWorker() {
        List<String> lines = List.of(
                "// Written by queue-lock-bench: the peer's side of JavaWorker (same arguments and log format).",
                "import { createQueueLock } from 'claude-code-merge-queue/queue-lock';",
                "import { appendFileSync, writeFileSync } from 'node:fs';",
                "const a = Object.fromEntries(process.argv.slice(2).map((s) => [s.slice(0, s.indexOf('=')), s.slice(s.indexOf('=') + 1)]));",
                "const now = () => process.hrtime.bigint(); // uv_hrtime: CLOCK_MONOTONIC, as Java's System.nanoTime()",
                "const sleep = (ms) => new Promise((r) => setTimeout(r, ms));",
                "const rounds = Number(a.rounds ?? 1), hold = Number(a.hold ?? 20);",
                "process.setMaxListeners(0); // each createQueueLock adds an exit listener",
                "let pending = '';",
                "const flush = () => { if (pending) { appendFileSync(a.log, pending); pending = ''; } };",
                "const line = () => new Promise((r) => { // one line (or the end) of stdin: a blocking wait, no polling",
                "  const done = () => { process.stdin.off('data', onData); process.stdin.off('end', done); process.stdin.pause(); r(); };",
                "  const onData = (chunk) => { if (chunk.includes(10)) done(); };",
                "  process.stdin.on('data', onData); process.stdin.on('end', done); process.stdin.resume();",
                "});",
                "if (a.ready) { writeFileSync(a.ready, ''); await line(); }",
                "for (let r = 0; r < rounds; r++) {",
                "  // A fresh lock per round, as build-lock takes one per process: createQueueLock fixes its",
                "  // ticket's ts when called, so one lock reused across rounds would re-enroll at the front.",
                "  const lock = createQueueLock(a.queue ?? 'build');",
                "  const wait = now();",
                "  await lock.acquire({ label: 'bench' });",
                "  const acquired = now();",
                "  if (a.gate || hold < 0) {",
                "    pending += `${r} ${wait} ${acquired} -1\\n`; flush();",
                "    if (a.gate) await line(); else await new Promise(() => setInterval(() => {}, 1 << 30));",
                "  } else {",
                "    await sleep(hold);",
                "  }",
                "  const released = now();",
                "  lock.release();",
                "  pending += `${r} ${wait} ${acquired} ${released}\\n`;",
                "}",
                "flush();",
                "process.exit(0); // a stdin pipe once read keeps the event loop alive",
                "");
        try {
            Files.writeString(worker(), String.join("\n", lines), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
