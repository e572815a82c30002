package dev.queuelock.build.reuse;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * Modules' outputs by their key ({@link ModuleKeys}), shared by every worktree of a clone, in its
 * state folder: {@code <git common dir>/queuelock/reuse/<key>/}, the files and a record of who
 * built them. An entry is written whole in a directory of its own and then renamed into place, so a
 * reader finds a whole entry or none; the files are copies, since a later build rewrites its jar in place.
 */
public final class ReuseStore {

    private static final String RECORD = "record.properties";

    private final Path dir;

    private ReuseStore(Path dir) {
        this.dir = dir;
    }

    /** The store in {@code dir}: the clone's state folder's reuse entry ({@code StateFolder.REUSE}). */
    public static ReuseStore in(Path dir) {
        return new ReuseStore(dir);
    }

    /** One file of a module's outputs: the main jar (no classifier), a test-jar, the POM. */
    public static final class Output {
        final String classifier;
        final String extension;
        final Path file;

        public Output(String classifier, String extension, Path file) {
            this.classifier = classifier;
            this.extension = extension;
            this.file = file;
        }

        /** Empty for the main artifact. */
        public String classifier() {
            return classifier;
        }

        public String extension() {
            return extension;
        }

        public Path file() {
            return file;
        }
    }

    /** A stored module: its record and its files in the store. */
    public static final class Entry {
        private final ReuseRecord record;
        private final List<Output> outputs;

        Entry(ReuseRecord record, List<Output> outputs) {
            this.record = record;
            this.outputs = outputs;
        }

        public ReuseRecord record() {
            return record;
        }

        public List<Output> outputs() {
            return outputs;
        }
    }

    /** The entry stored under {@code key}, if a whole one is; its time is set to now, so trimming keeps what is used. */
    public Optional<Entry> find(String key) throws IOException {
        Path entry = dir.resolve(checked(key));
        Path record = entry.resolve(RECORD);
        if (!Files.isRegularFile(record)) {
            return Optional.empty();
        }
        Properties props = new Properties();
        try (InputStream in = Files.newInputStream(record)) {
            props.load(in);
        }
        List<Output> outputs = new ArrayList<>();
        for (int i = 0; props.getProperty("output." + i + ".file") != null; i++) {
            Path file = entry.resolve(props.getProperty("output." + i + ".file"));
            if (!Files.isRegularFile(file)) {
                return Optional.empty();
            }
            outputs.add(new Output(props.getProperty("output." + i + ".classifier", ""), props.getProperty("output." + i + ".extension"), file));
        }
        ReuseRecord read = new ReuseRecord(props.getProperty("builtBy", "?"), props.getProperty("commit", "?"),
                Duration.ofMillis(Long.parseLong(props.getProperty("millis", "0"))), Instant.ofEpochMilli(Long.parseLong(props.getProperty("at", "0"))),
                Boolean.parseBoolean(props.getProperty("withTests", "true")), props.getProperty("through"));
        Files.setLastModifiedTime(entry, FileTime.from(Instant.now()));
        return Optional.of(new Entry(read, outputs));
    }

    /**
     * Stores {@code outputs} under {@code key}, unless an entry is there already (the same inputs
     * built the same outputs).
     *
     * @return whether this call stored it
     */
    public boolean put(String key, ReuseRecord record, List<Output> outputs) throws IOException {
        Path entry = dir.resolve(checked(key));
        if (Files.isDirectory(entry)) {
            return false;
        }
        Files.createDirectories(dir);
        Path temp = Files.createTempDirectory(dir, ".new-");
        try {
            Properties props = new Properties();
            props.setProperty("builtBy", record.builtBy());
            props.setProperty("commit", record.commit());
            props.setProperty("millis", String.valueOf(record.took().toMillis()));
            props.setProperty("at", String.valueOf(record.at().toEpochMilli()));
            props.setProperty("withTests", String.valueOf(record.withTests()));
            if (record.through() != null) {
                props.setProperty("through", record.through());
            }
            for (int i = 0; i < outputs.size(); i++) {
                Output output = outputs.get(i);
                String name = i + "-" + output.file.getFileName();
                Files.copy(output.file, temp.resolve(name), StandardCopyOption.COPY_ATTRIBUTES);
                props.setProperty("output." + i + ".file", name);
                props.setProperty("output." + i + ".classifier", output.classifier);
                props.setProperty("output." + i + ".extension", output.extension);
            }
            try (OutputStream out = Files.newOutputStream(temp.resolve(RECORD))) {
                props.store(out, "queue-lock: a module's outputs, reused where the same inputs are built");
            }
            Files.move(temp, entry, StandardCopyOption.ATOMIC_MOVE);
            return true;
        } catch (FileAlreadyExistsException | DirectoryNotEmptyException e) {
            return false; // another build stored the same inputs' outputs first
        } finally {
            deleteTree(temp);
        }
    }

    /**
     * Removes the entries used longest ago (found or stored: {@link #find} sets an entry's time)
     * until the store holds at most {@code maxBytes}. An entry is renamed aside before it is
     * deleted, so a build finds it whole or not at all.
     *
     * @return how many bytes the store holds after
     */
    public long trim(long maxBytes) throws IOException {
        if (!Files.isDirectory(dir)) {
            return 0;
        }
        List<Path> entries = new ArrayList<>();
        try (Stream<Path> list = Files.list(dir)) {
            list.filter(p -> !p.getFileName().toString().startsWith(".")).forEach(entries::add);
        }
        Map<Path, FileTime> used = new HashMap<>();
        Map<Path, Long> sizes = new HashMap<>();
        long total = 0;
        for (Path entry : entries) {
            used.put(entry, Files.getLastModifiedTime(entry));
            long size = sizeOf(entry);
            sizes.put(entry, size);
            total += size;
        }
        entries.sort(Comparator.comparing(used::get));
        for (Path entry : entries) {
            if (total <= maxBytes) {
                break;
            }
            Path aside = dir.resolve(".old-" + entry.getFileName());
            try {
                Files.move(entry, aside, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException e) {
                continue; // another build took it aside first
            }
            deleteTree(aside);
            total -= sizes.get(entry);
        }
        return total;
    }

    /** How many bytes the store holds. */
    public long size() throws IOException {
        return Files.isDirectory(dir) ? sizeOf(dir) : 0;
    }

    /** How many modules' outputs the store holds. */
    public int modules() throws IOException {
        if (!Files.isDirectory(dir)) {
            return 0;
        }
        try (Stream<Path> list = Files.list(dir)) {
            return (int) list.filter(p -> !p.getFileName().toString().startsWith(".") && Files.isDirectory(p)).count();
        }
    }

    private static long sizeOf(Path root) throws IOException {
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
        }
    }

    private static String checked(String key) {
        if (key.length() != 64 || !key.chars().allMatch(c -> c >= '0' && c <= '9' || c >= 'a' && c <= 'f')) {
            throw new IllegalArgumentException("not a module key: " + key);
        }
        return key;
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : (Iterable<Path>) walk.sorted(Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(p);
            }
        }
    }
}
