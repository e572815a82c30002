package dev.queuelock.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.queuelock.LockRecord;
import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.json.RecordJson;
import dev.queuelock.repo.RepoKey;
import dev.queuelock.spi.Queue;
import dev.queuelock.testsupport.ChildProcess;
import dev.queuelock.testsupport.ChildProcesses;
import dev.queuelock.testsupport.LockWorkers;
import dev.queuelock.testsupport.NpmPackage;
import dev.queuelock.testsupport.WorkerEvent;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Our lock and the real npm tool's {@code build-lock} (claude-code-merge-queue 0.5.4) in one git
 * repository take turns in one queue, in both directions, and write the same bytes.
 */
class NpmInteropTest {

    @RegisterExtension
    final ChildProcesses children = new ChildProcesses();

    @TempDir
    Path tmp;

    private Path repo;
    private QueueDirectory queue;
    private LockWorkers workers;

    @BeforeAll
    @Timeout(300)
    static void installTheNpmTool() throws Exception {
        NpmPackage.install();
    }

    @BeforeEach
    void setUp() throws Exception {
        repo = Files.createDirectory(tmp.resolve("lane-repo"));
        Process init = new ProcessBuilder("git", "init", "-q", repo.toString()).inheritIO().start();
        assertThat(init.waitFor(30, TimeUnit.SECONDS) && init.exitValue() == 0).isTrue();
        queue = QueueDirectory.of(Queue.in(tmp, "build", RepoKey.of(repo).key()));
        workers = new LockWorkers(children, tmp, repo, "build");
    }

    @Test
    @Timeout(120)
    void npmBuildLockHoldingMakesOursWait() throws Exception {
        ChildProcess npm = npmBuildLock("npm-holder", "sleep", "120");
        await("npm build-lock to hold").atMost(LockWorkers.PATIENCE)
                .until(() -> Files.exists(queue.lockFile())
                        && Files.readString(queue.lockFile()).contains("\"pid\":" + npm.pid() + ","));

        ChildProcess ours = workers.startWaiter("ours", 10);
        WorkerEvent told = workers.events("enrolled", ours).get(0);
        assertThat(told.holderPid()).isEqualTo(npm.pid());
        assertThat(told.holderLane()).isEqualTo("lane-repo");
        assertThat(told.holderLabel()).isEqualTo("sleep 120");
        await("ours to keep waiting while the npm tool holds").during(Duration.ofMillis(500)).atMost(Duration.ofSeconds(5))
                .until(() -> workers.events("acquired", ours).isEmpty());

        long stoppedAt = System.currentTimeMillis();
        npm.sigterm(); // build-lock kills its command's group and releases
        assertThat(ours.awaitExit(Duration.ofSeconds(60))).as(ours.output()).isZero();
        assertThat(workers.events("acquired", ours).get(0).ms()).isGreaterThanOrEqualTo(stoppedAt);
    }

    @Test
    @Timeout(120)
    void oursHoldingMakesNpmBuildLockWait() throws Exception {
        ChildProcess ours = workers.startHolder("ours");
        ChildProcess npm = npmBuildLock("npm-waiter", "true");

        await("npm build-lock to wait").atMost(LockWorkers.PATIENCE).until(() -> npm.output().contains("next up"));
        assertThat(QueueLockFactory.defaults().withTmpDir(tmp).snapshot("build", repo).waiters())
                .extracting(LockRecord::pid).containsExactly(npm.pid());
        await("npm build-lock to keep waiting while ours holds").during(Duration.ofMillis(500)).atMost(Duration.ofSeconds(5))
                .until(() -> npm.isAlive() && !npm.output().contains("lock acquired"));

        ours.sigterm();
        assertThat(npm.awaitExit(Duration.ofSeconds(60))).as(npm.output()).isZero();
        assertThat(npm.output()).contains("lock acquired");
        assertThat(workers.events("released", ours)).hasSize(1);
    }

    @Test
    @Timeout(120)
    void withTwoSlotsOursLeavesTheNpmToolsLockFreeAndTogetherTheyHoldTwo() throws Exception {
        LockWorkers twoSlots = new LockWorkers(children, tmp, repo, "build", List.of("queuelock.build.slots=2"));
        ChildProcess ours = twoSlots.startHolder("ours");
        assertThat(queue.slotFile(2)).as("slot 1 is the npm tool's, taken last").exists();
        assertThat(queue.lockFile()).doesNotExist();

        ChildProcess npm = npmBuildLock("npm-beside", "sleep", "120");
        await("npm build-lock to hold slot 1 beside ours").atMost(LockWorkers.PATIENCE)
                .until(() -> Files.exists(queue.lockFile()) && Files.readString(queue.lockFile()).contains("\"pid\":" + npm.pid() + ","));
        ChildProcess third = twoSlots.startWaiter("third", 10);
        assertThat(twoSlots.events("enrolled", third).get(0).ahead()).isZero();
        await("a third to wait: two hold").during(Duration.ofMillis(500)).atMost(Duration.ofSeconds(5))
                .until(() -> twoSlots.events("acquired", third).isEmpty());

        npm.sigterm();
        assertThat(third.awaitExit(Duration.ofSeconds(60))).as(third.output()).isZero();
        ours.sigterm();
    }

    @Test
    @Timeout(120)
    void withBothSlotsOursTheNpmToolWaits() throws Exception {
        LockWorkers twoSlots = new LockWorkers(children, tmp, repo, "build", List.of("queuelock.build.slots=2"));
        ChildProcess first = twoSlots.startHolder("first");
        ChildProcess second = twoSlots.startHolder("second");
        ChildProcess npm = npmBuildLock("npm-waiter", "true");
        await("npm build-lock to wait").atMost(LockWorkers.PATIENCE).until(() -> npm.output().contains("next up"));
        await("npm build-lock to keep waiting while ours hold both").during(Duration.ofMillis(500)).atMost(Duration.ofSeconds(5))
                .until(() -> npm.isAlive() && !npm.output().contains("lock acquired"));

        second.sigterm(); // slot 1, the npm tool's lock
        assertThat(npm.awaitExit(Duration.ofSeconds(60))).as(npm.output()).isZero();
        assertThat(npm.output()).contains("lock acquired");
        first.sigterm();
    }

    @Test
    @Timeout(120)
    void recordsAreByteForByteWhatJsonStringifyWrites() throws Exception {
        List<LockRecord> records = new ArrayList<>();
        String[] strings = {"plain", "", "with space", "quote\" backslash\\ slash/", "tab\t nl\n cr\r bs\b ff\f",
            "ctl \u0001\u000b\u000e\u001f\u007f", "latin é ü ß", "cjk 构建队列", "emoji \uD83D\uDE80",
            "lone \uD800 surrogate \uDC00", "separators \u2028\u2029", "html <>&'", "null"};
        for (String s : strings) {
            records.add(new LockRecord(4_194_304L, s, s, 1_796_000_000_123L, null));
            records.add(new LockRecord(1, s, null, 0, "linux:" + s + ":42"));
        }
        records.add(new LockRecord(123, "lane", "mvn -q verify", System.currentTimeMillis(), "linux:b00t:1"));

        Path input = tmp.resolve("records.json");
        Files.writeString(input, asciiJson(records), StandardCharsets.US_ASCII);
        Path script = NpmPackage.script("stringify.mjs", String.join("\n",
                "import { readFileSync } from 'node:fs';",
                "for (const [pid, lane, label, ts, start] of JSON.parse(readFileSync(process.argv[2], 'utf8'))) {",
                "  const o = { pid, lane, label: label ?? undefined, ts };",
                "  if (start !== null) o.start = start;",
                "  process.stdout.write(JSON.stringify(o) + '\\n');",
                "}", ""));
        byte[] expected = NpmPackage.node(tmp, List.of(script.toString(), input.toString()))
                .getBytes(StandardCharsets.UTF_8);

        List<byte[]> expectedLines = split(expected);
        assertThat(expectedLines).hasSize(records.size());
        for (int i = 0; i < records.size(); i++) {
            assertThat(new String(RecordJson.encode(records.get(i)), StandardCharsets.UTF_8))
                    .as("record %d", i)
                    .isEqualTo(new String(expectedLines.get(i), StandardCharsets.UTF_8));
            assertThat(RecordJson.encode(records.get(i))).as("bytes of record %d", i).isEqualTo(expectedLines.get(i));
        }
    }

    private ChildProcess npmBuildLock(String name, String... command) throws Exception {
        List<String> args = new ArrayList<>(List.of("node", NpmPackage.bin().toString(), "build-lock", "--"));
        args.addAll(Arrays.asList(command));
        return children.command(name, args).in(repo).tmpDir(tmp).log(tmp.resolve(name + ".log")).start();
    }

    /** The records as a JSON array of [pid, lane, label, ts, start], every non-ASCII char escaped. */
    private static String asciiJson(List<LockRecord> records) throws Exception {
        ObjectMapper json = new ObjectMapper();
        StringBuilder out = new StringBuilder("[");
        for (LockRecord r : records) {
            out.append(out.length() > 1 ? "," : "").append('[').append(r.pid()).append(',').append(ascii(r.lane()))
                    .append(',').append(r.label().map(NpmInteropTest::ascii).orElse("null")).append(',').append(r.ts())
                    .append(',').append(r.start().map(NpmInteropTest::ascii).orElse("null")).append(']');
        }
        json.readTree(out + "]"); // sanity: well-formed
        return out.append(']').toString();
    }

    private static String ascii(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\') {
                b.append(c);
            } else {
                b.append(String.format("\\u%04x", (int) c));
            }
        }
        return b.append('"').toString();
    }

    private static List<byte[]> split(byte[] lines) {
        List<byte[]> out = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < lines.length; i++) {
            if (lines[i] == '\n') {
                out.add(Arrays.copyOfRange(lines, start, i));
                start = i + 1;
            }
        }
        return out;
    }
}
