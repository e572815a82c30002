package dev.queuelock.file;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The JSON member {@code "oslock":true}, appended as the last member of a ticket or lock record,
 * says: "my writer holds an exclusive OS lock on this very file (inode) for as long as it is
 * enrolled or holding". It is written into the file after the lock is taken and before the file
 * gets its visible name, so a reader never sees the claim without the lock behind it. Records
 * without it (the npm tool, older versions) are judged by pid at the fallback poll. The npm tool
 * ignores the member.
 */
final class OsLockMark {

    private static final byte[] SUFFIX = ",\"oslock\":true}".getBytes(StandardCharsets.US_ASCII);

    private OsLockMark() {
    }

    /** @param record an encoded record: one JSON object, ending in its closing brace */
    static byte[] mark(byte[] record) {
        if (record.length < 2 || record[record.length - 1] != '}') {
            throw new IllegalArgumentException("not an encoded record");
        }
        byte[] marked = Arrays.copyOf(record, record.length - 1 + SUFFIX.length);
        System.arraycopy(SUFFIX, 0, marked, record.length - 1, SUFFIX.length);
        return marked;
    }

    /**
     * Whether a record that decoded as a valid JSON object ends with the mark. In valid JSON the
     * suffix can only be its last member (a string cannot end right before the closing brace).
     */
    static boolean isMarked(byte[] record) {
        if (record == null || record.length < SUFFIX.length) {
            return false;
        }
        return Arrays.equals(record, record.length - SUFFIX.length, record.length, SUFFIX, 0, SUFFIX.length);
    }
}
