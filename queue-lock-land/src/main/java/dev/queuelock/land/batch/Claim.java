package dev.queuelock.land.batch;

import dev.queuelock.process.ProcessId;
import java.util.Objects;
import java.util.Optional;

/**
 * One batch leader's claim on one scratch worktree, as a {@link ClaimRegistry} stores it: who claimed
 * (pid plus start token, so a recycled pid is not mistaken for the claimer), when, and what.
 */
final class Claim {

    private final String id;
    private final long pid;
    private final String start;
    private final long createdAt;
    private final String resource;

    /**
     * @param start    the claimer's start token (see {@code dev.queuelock.process.ProcessStart}), null if unknown
     * @param resource what the provider needs to find the resource again, null until it is created
     */
    Claim(String id, long pid, String start, long createdAt, String resource) {
        this.id = Objects.requireNonNull(id, "id");
        this.pid = pid;
        this.start = start;
        this.createdAt = createdAt;
        this.resource = resource;
    }

    /** Unique on this machine: {@code <createdAt>-<pid>-<n>}; also the claim file's name. */
    String id() {
        return id;
    }

    long pid() {
        return pid;
    }

    /** The claimer. */
    ProcessId process() {
        return ProcessId.of(pid, start);
    }

    Optional<String> start() {
        return Optional.ofNullable(start);
    }

    /** Epoch milliseconds. */
    long createdAt() {
        return createdAt;
    }

    /** The provider's description of the resource (e.g. a path); empty if the claimer died before recording it. */
    Optional<String> resource() {
        return Optional.ofNullable(resource);
    }

    Claim withResource(String description) {
        return new Claim(id, pid, start, createdAt, description);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Claim)) {
            return false;
        }
        Claim c = (Claim) o;
        return id.equals(c.id) && pid == c.pid && createdAt == c.createdAt && Objects.equals(start, c.start)
                && Objects.equals(resource, c.resource);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, pid, start, createdAt, resource);
    }

    @Override
    public String toString() {
        return "claim " + id + " of pid " + pid + (resource == null ? "" : " on " + resource);
    }
}
