package dev.queuelock.land.disk;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.queuelock.land.base.StateEntry;
import dev.queuelock.land.base.StateFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The lanes' sizes as last measured ({@link StateEntry#DISK_SIZES}), so a status on a large
 * repository shows numbers without walking every tree again: each says when it was measured. A
 * cache: a lost or unreadable file costs a measurement, never a wrong number.
 */
final class DiskSizes {

    private final Path file;

    DiskSizes(Path commonDir) {
        this.file = StateEntry.DISK_SIZES.of(commonDir);
    }

    List<LaneDisk> read() {
        try {
            return StateFiles.read(file, new TypeReference<List<LaneDisk>>() { });
        } catch (IOException | RuntimeException e) {
            return List.of(); // none yet, or unreadable: measured again
        }
    }

    void write(List<LaneDisk> sizes) {
        try {
            StateFiles.write(file, sizes);
        } catch (IOException e) {
            // measured again next time
        }
    }
}
