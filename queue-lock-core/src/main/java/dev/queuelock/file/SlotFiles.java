package dev.queuelock.file;

import dev.queuelock.LockRecord;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * A queue's slots on disk: slot 1 is the npm tool's {@code lock}, slot n is {@code slot-n}, each
 * a {@link LockFile} taken and released on its own. Readers read every slot file present, whatever
 * number of slots they were told, so builds told different numbers count each other's holds.
 */
final class SlotFiles {

    private final QueueDirectory dir;
    private final List<LockFile> files = new ArrayList<>();

    SlotFiles(QueueDirectory dir) {
        this.dir = dir;
    }

    /** Slot {@code slot}'s lock file, one object per slot: it remembers the hold it took. */
    synchronized LockFile slot(int slot) {
        while (files.size() < slot) {
            files.add(new LockFile(dir, files.size() + 1));
        }
        return files.get(slot - 1);
    }

    /**
     * The holder of every slot whose file holds a valid record, longest-held first. A file with no
     * valid record is left out, as {@link LockFile#holderTicket()} leaves it: a take finds the name
     * taken and reclaims it.
     */
    List<Ticket> holders() throws IOException {
        return holders(present());
    }

    /** {@link #holders()} of the slots a listing just found {@link #present()}. */
    List<Ticket> holders(List<Integer> present) throws IOException {
        List<Ticket> holders = new ArrayList<>(1);
        for (int slot : present) {
            Ticket holder = slot(slot).holderTicket();
            if (holder != null) {
                holders.add(holder);
            }
        }
        holders.sort(FifoOrder.SERVED_FIRST);
        return holders;
    }

    /** The slots whose file is present, from the names alone: nothing is read or judged. */
    List<Integer> present() {
        String[] names = dir.path().toFile().list();
        List<Integer> present = new ArrayList<>(1);
        for (String name : names == null ? new String[0] : names) {
            int slot = QueueDirectory.slotOf(name);
            if (slot > 0) {
                present.add(slot);
            }
        }
        return present;
    }

    /** The holders' records, longest-held first. */
    List<LockRecord> holderRecords() throws IOException {
        List<LockRecord> records = new ArrayList<>();
        for (Ticket holder : holders()) {
            records.add(holder.record());
        }
        return records;
    }

    /** Whether any slot file is there (a hint: nothing is read). */
    boolean anyPresent() {
        return !present().isEmpty();
    }
}
