package dev.queuelock.build.localrepo;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.zip.CRC32;

/**
 * Where one repository's lanes install in the local repository: each lane (a git worktree other
 * than the main checkout) in {@code .queuelock/<repo>/lanes/<worktree directory>}, the check builds
 * that land runs for a lane in {@code .queuelock/<repo>/checks/<worktree directory>}, both under the
 * local repository's base directory. {@code <repo>} is the main checkout's directory name and a
 * checksum of git's common dir, so two clones of one project never share a part. The main checkout
 * installs where Maven always does, beside the downloads.
 */
public final class LocalRepositoryParts {

    /** The directory under the local repository's base that holds every part (no group id starts with a dot). */
    public static final String DIRECTORY = ".queuelock";

    private final String repo;

    private LocalRepositoryParts(String repo) {
        this.repo = repo;
    }

    /** The parts of the repository whose key ({@link dev.queuelock.repo.RepoKey#key()}: git's common dir, physical) is {@code repoKey}. */
    public static LocalRepositoryParts of(String repoKey) {
        Path common = Path.of(repoKey);
        Path named = common.getFileName() != null && common.getFileName().toString().equals(".git") && common.getParent() != null
                ? common.getParent() : common;
        String name = named.getFileName() == null ? "repository" : named.getFileName().toString();
        CRC32 crc = new CRC32(); // a name, not a secret: tells two clones of one project apart
        crc.update(repoKey.getBytes(StandardCharsets.UTF_8));
        String hex = Long.toHexString(crc.getValue()); // not String.format: its first use costs a cold JVM milliseconds
        return new LocalRepositoryParts(name + "-" + "00000000".substring(hex.length()) + hex);
    }

    /** The part of the lane whose worktree directory is named {@code lane}. */
    public Part lane(String lane) {
        return new Part(DIRECTORY + "/" + repo + "/lanes/" + lane, "lane " + lane);
    }

    /** The part of the check builds land runs for the lane named {@code lane}. */
    public Part checks(String lane) {
        return new Part(DIRECTORY + "/" + repo + "/checks/" + lane, "the check builds of lane " + lane);
    }

    /** The directory holding every lane's part of this repository. */
    public Path lanesIn(Path localRepository) {
        return localRepository.resolve(DIRECTORY).resolve(repo).resolve("lanes");
    }

    /** The directory holding the parts of every lane's check builds of this repository. */
    public Path checksIn(Path localRepository) {
        return localRepository.resolve(DIRECTORY).resolve(repo).resolve("checks");
    }

    @Override
    public String toString() {
        return DIRECTORY + "/" + repo;
    }

    /** One part: where its builds install, relative to the local repository, and whose it is. */
    public static final class Part {

        private final String prefix;
        private final String owner;

        private Part(String prefix, String owner) {
            this.prefix = prefix;
            this.owner = owner;
        }

        /** The part's directory relative to the local repository's base, with {@code /}: the resolver's local prefix. */
        public String prefix() {
            return prefix;
        }

        /** Whose part it is, for people: {@code lane shop-lane-3}. */
        public String owner() {
            return owner;
        }

        @Override
        public String toString() {
            return prefix;
        }
    }
}
