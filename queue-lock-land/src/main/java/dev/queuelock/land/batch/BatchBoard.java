package dev.queuelock.land.batch;

import dev.queuelock.LockRecord;
import dev.queuelock.PlaceGuard;
import dev.queuelock.file.SafePaths;
import dev.queuelock.land.base.LockFileMutex;
import dev.queuelock.land.base.StateEntry;
import dev.queuelock.land.base.StateFiles;
import dev.queuelock.land.git.RepoContext;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The batch notice board of a repository, {@code <git common dir>/queuelock/batch/}: waiters pin
 * their requests in {@code requests/}, the leader answers in {@code verdicts/} and shows its checks
 * side by side in {@code checks/}; one file per lane,
 * each replaced atomically, so a reader sees a whole note or none. Unreadable notes read as absent.
 */
public final class BatchBoard {

    private final Path dir;

    public BatchBoard(Path gitCommonDir) {
        this.dir = StateEntry.BATCH_BOARD.of(gitCommonDir);
    }

    public Path directory() {
        return dir;
    }

    void publish(BatchRequest request) throws IOException {
        write(requestFile(request.lane), request);
    }

    /** Removes a lane's request and verdict, but only the ones of this very request's process. */
    void withdraw(BatchRequest request) {
        request(request.lane).filter(r -> r.pid == request.pid).ifPresent(r -> SafePaths.deleteQuietly(requestFile(r.lane)));
        withdrawVerdict(request);
    }

    /** Removes the verdict addressed to this request's process, if it is still there. */
    void withdrawVerdict(BatchRequest request) {
        verdict(request.lane).filter(v -> v.isFor(request)).ifPresent(v -> SafePaths.deleteQuietly(verdictFile(v.lane)));
    }

    /** Frees a lane taken into a batch that did not decide it: removes its verdict if it is still only {@value BatchVerdict#TAKEN}. */
    void withdrawTaken(BatchRequest request) {
        verdictFor(request).filter(v -> !v.isFinal()).ifPresent(v -> SafePaths.deleteQuietly(verdictFile(v.lane)));
    }

    /**
     * Held by a lander of high priority while it is placed in the land queue, and by a leader while
     * it takes waiters into its landing ({@link #whileTaking}): the lanes taken and the place given
     * are decided one after the other, never across each other, so a lander placed ahead of a lane
     * really goes ahead of it.
     */
    public PlaceGuard placeGuard() {
        return placing -> LockFileMutex.whileHeld(takeLock(), () -> {
            placing.run();
            return null;
        });
    }

    /** Runs {@code step} (a look at the land queue's waiters and the verdicts that take them) under {@link #placeGuard}. */
    <T> T whileTaking(LockFileMutex.Step<T> step) throws IOException {
        return LockFileMutex.whileHeld(takeLock(), step);
    }

    private Path takeLock() {
        return dir.resolve("take.lock");
    }

    public Optional<BatchRequest> request(String lane) {
        return read(requestFile(lane), BatchRequest.class);
    }

    /**
     * Whether a waiter of the land queue is taken into the holder's landing (its batch, its checks
     * side by side): a verdict is addressed to the waiter's own request.
     */
    public Predicate<LockRecord> taken() {
        return waiter -> request(waiter.lane()).filter(r -> r.belongsTo(waiter)).flatMap(this::verdictFor).isPresent();
    }

    /** {@link #taken} read once for these waiters: an answer that stays as read (one look of a watch). */
    public Predicate<LockRecord> takenAmong(List<LockRecord> waiters) {
        Predicate<LockRecord> now = taken();
        Set<String> taken = new HashSet<>();
        waiters.stream().filter(now).forEach(waiter -> taken.add(waiter.lane() + "#" + waiter.pid()));
        return waiter -> taken.contains(waiter.lane() + "#" + waiter.pid());
    }

    /** The lanes of live requests, each with what the lane pruner says keeps it ({@code offered for a batch: …}). */
    public Map<String, String> liveOffers() {
        Map<String, String> offers = new LinkedHashMap<>();
        for (BatchRequest request : requests()) {
            if (request.isAlive()) {
                offers.putIfAbsent(request.lane, "offered for a batch: " + request);
            }
        }
        return offers;
    }

    /** Every readable request. */
    public List<BatchRequest> requests() {
        return all("requests", BatchRequest.class);
    }

    /** Every readable verdict: {@value BatchVerdict#TAKEN} for the members of a batch under way, else a batch's outcome. */
    public List<BatchVerdict> verdicts() {
        return all("verdicts", BatchVerdict.class);
    }

    private <T> List<T> all(String notes, Class<T> type) {
        List<T> all = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir.resolve(notes), "*.json")) {
            for (Path file : files) {
                read(file, type).ifPresent(all::add);
            }
        } catch (IOException e) {
            // no board yet
        }
        return all;
    }

    public Optional<BatchVerdict> verdict(String lane) {
        return read(verdictFile(lane), BatchVerdict.class);
    }

    /** The verdict addressed to this request's process, if any. */
    Optional<BatchVerdict> verdictFor(BatchRequest request) {
        return verdict(request.lane).filter(v -> v.isFor(request));
    }

    void answer(BatchVerdict verdict) throws IOException {
        write(verdictFile(verdict.lane), verdict);
    }

    /** Publishes a leader's checks side by side, for the watch. */
    void publishChecks(ChecksUnderWay checks) throws IOException {
        write(checksFile(checks.lane), checks);
    }

    /** Removes the checks this leader's process published. */
    void withdrawChecks(BatchRequest leader) {
        read(checksFile(leader.lane), ChecksUnderWay.class).filter(c -> c.pid == leader.pid)
                .ifPresent(c -> SafePaths.deleteQuietly(checksFile(c.lane)));
    }

    /** Every readable note of checks side by side, a dead leader's too. */
    public List<ChecksUnderWay> checksUnderWay() {
        return all("checks", ChecksUnderWay.class);
    }

    private Path checksFile(String lane) {
        return dir.resolve("checks").resolve(lane + ".json");
    }

    private Path requestFile(String lane) {
        return dir.resolve("requests").resolve(lane + ".json");
    }

    private Path verdictFile(String lane) {
        return dir.resolve("verdicts").resolve(lane + ".json");
    }

    private static void write(Path file, Object note) throws IOException {
        Files.createDirectories(file.getParent());
        StateFiles.write(file, note);
    }

    private static <T> Optional<T> read(Path file, Class<T> type) {
        try {
            return Optional.ofNullable(StateFiles.read(file, type));
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
