package dev.queuelock.file;

import dev.queuelock.LockRecord;
import java.nio.file.Path;

/** A holder or waiter as a waiter sees it: its file, its record, and whether it OS-locks that file. */
final class Participant {

    private final Path file;
    private final LockRecord record;
    private final boolean osLocked;

    Participant(Path file, LockRecord record, boolean osLocked) {
        this.file = file;
        this.record = record;
        this.osLocked = osLocked;
    }

    /** The lock file or the ticket. */
    Path file() {
        return file;
    }

    LockRecord record() {
        return record;
    }

    /** True if the record carries the {@link OsLockMark}: the kernel tells when it lets go. */
    boolean osLocked() {
        return osLocked;
    }
}
