package dev.queuelock.land.batch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.queuelock.file.SafePaths;
import dev.queuelock.land.base.StateFiles;
import dev.queuelock.process.Liveness;
import dev.queuelock.process.ProcessStart;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * What is claimed, by which process: a directory of claim files {@code <id>.json} holding
 * {@code {"id","pid","start","createdAt","resource"}}. A claim whose process is no longer alive
 * (by {@link Liveness}: pid and start token) is an orphan, safe to destroy; there is no timeout
 * to tune. The directory is created 0700 and must be ours; claim files are written atomically.
 */
final class ClaimRegistry {

    private static final Pattern ID = Pattern.compile("\\d{1,19}-\\d{1,19}-\\d{1,9}");
    private static final String SUFFIX = ".json";
    private static final int MAX_CLAIM_BYTES = 64 * 1024;
    private static final AtomicLong SEQUENCE = new AtomicLong();

    private final Path dir;

    private ClaimRegistry(Path dir) {
        this.dir = dir;
    }

    /** The registry in {@code dir}, created 0700 if missing; refused if it is a link or another user's. */
    static ClaimRegistry at(Path dir) throws IOException {
        Path absolute = dir.toAbsolutePath().normalize();
        Files.createDirectories(absolute.getParent());
        SafePaths.ensureOwnDirectory(absolute);
        return new ClaimRegistry(absolute);
    }

    Path directory() {
        return dir;
    }

    /** Records a new claim of this process, with no resource yet. */
    Claim claim() throws IOException {
        long pid = ProcessHandle.current().pid();
        long now = System.currentTimeMillis();
        Claim claim = new Claim(now + "-" + pid + "-" + SEQUENCE.incrementAndGet(), pid, ProcessStart.current(), now, null);
        record(claim);
        return claim;
    }

    /** Writes (or rewrites) a claim's file in one atomic step. */
    void record(Claim claim) throws IOException {
        SafePaths.writeAtomically(fileOf(claim.id()), encode(claim));
    }

    /** Forgets a claim; a claim already gone is fine. */
    void release(String id) throws IOException {
        Files.deleteIfExists(fileOf(id));
    }

    /** Every readable claim, oldest first. Unreadable files are left alone: better kept than guessed at. */
    List<Claim> claims() throws IOException {
        List<Claim> claims = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*" + SUFFIX)) {
            for (Path file : files) {
                read(file).ifPresent(claims::add);
            }
        } catch (NoSuchFileException e) {
            return claims;
        }
        claims.sort(Comparator.comparingLong(Claim::createdAt).thenComparing(Claim::id));
        return claims;
    }

    /** Claims whose process is gone (or was replaced by another with its pid). */
    List<Claim> orphans() throws IOException {
        return claims().stream()
                .filter(c -> !c.process().isAlive())
                .collect(Collectors.toList());
    }

    /** The file of a claim, for messages that tell a person what to remove. */
    Path fileOf(String id) {
        if (!ID.matcher(id).matches()) {
            throw new IllegalArgumentException("not a claim id: " + id);
        }
        return dir.resolve(id + SUFFIX);
    }

    private static byte[] encode(Claim claim) throws IOException {
        ObjectNode node = StateFiles.json().createObjectNode();
        node.put("id", claim.id());
        node.put("pid", claim.pid());
        node.put("start", claim.start().orElse(null));
        node.put("createdAt", claim.createdAt());
        node.put("resource", claim.resource().orElse(null));
        return StateFiles.json().writeValueAsBytes(node);
    }

    private static Optional<Claim> read(Path file) {
        String name = file.getFileName().toString();
        String id = name.substring(0, name.length() - SUFFIX.length());
        if (!ID.matcher(id).matches() || !Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            return Optional.empty();
        }
        try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
            byte[] bytes = in.readNBytes(MAX_CLAIM_BYTES + 1);
            if (bytes.length > MAX_CLAIM_BYTES) {
                return Optional.empty();
            }
            JsonNode node = StateFiles.json().readTree(bytes);
            if (node == null || !node.isObject() || !id.equals(node.path("id").asText(null))
                    || !node.path("pid").isIntegralNumber() || node.path("pid").asLong() <= 0) {
                return Optional.empty();
            }
            return Optional.of(new Claim(id, node.get("pid").asLong(), text(node, "start"),
                    node.path("createdAt").asLong(0), text(node, "resource")));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value != null && value.isTextual() ? value.asText() : null;
    }
}
