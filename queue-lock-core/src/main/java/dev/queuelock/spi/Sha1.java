package dev.queuelock.spi;

import java.util.Arrays;

/**
 * SHA-1, for the queue directory's name only (the npm tool names it by the SHA-1 of the repository
 * key, so we must too). Written out because every process that takes the lock computes it once, and the JDK's
 * {@code MessageDigest} is slow on first use in a cold JVM (provider lookup, VarHandle set-up; the
 * numbers are on the performance page). Not for anything security-related.
 */
final class Sha1 {

    private Sha1() {
    }

    static byte[] digest(byte[] message) {
        byte[] data = padded(message);
        int[] h = {0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476, 0xC3D2E1F0};
        int[] w = new int[80];
        for (int block = 0; block < data.length; block += 64) {
            for (int t = 0; t < 16; t++) {
                int at = block + 4 * t;
                w[t] = (data[at] & 0xff) << 24 | (data[at + 1] & 0xff) << 16 | (data[at + 2] & 0xff) << 8 | data[at + 3] & 0xff;
            }
            for (int t = 16; t < 80; t++) {
                w[t] = Integer.rotateLeft(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1);
            }
            compress(h, w);
        }
        byte[] out = new byte[20];
        for (int i = 0; i < 20; i++) {
            out[i] = (byte) (h[i / 4] >>> (24 - 8 * (i % 4)));
        }
        return out;
    }

    /** The message, a 1 bit, zeros, and its length in bits, to a multiple of 64 bytes. */
    private static byte[] padded(byte[] message) {
        long bits = (long) message.length * 8;
        int padded = ((message.length + 8) / 64 + 1) * 64;
        byte[] data = Arrays.copyOf(message, padded);
        data[message.length] = (byte) 0x80;
        for (int i = 0; i < 8; i++) {
            data[padded - 1 - i] = (byte) (bits >>> (8 * i));
        }
        return data;
    }

    /** The 80 rounds over one block's schedule {@code w}, added into {@code h}. */
    private static void compress(int[] h, int[] w) {
        int a = h[0];
        int b = h[1];
        int c = h[2];
        int d = h[3];
        int e = h[4];
        for (int t = 0; t < 80; t++) {
            int f;
            int k;
            if (t < 20) {
                f = b & c | ~b & d;
                k = 0x5A827999;
            } else if (t < 40) {
                f = b ^ c ^ d;
                k = 0x6ED9EBA1;
            } else if (t < 60) {
                f = b & c | b & d | c & d;
                k = 0x8F1BBCDC;
            } else {
                f = b ^ c ^ d;
                k = 0xCA62C1D6;
            }
            int next = Integer.rotateLeft(a, 5) + f + e + k + w[t];
            e = d;
            d = c;
            c = Integer.rotateLeft(b, 30);
            b = a;
            a = next;
        }
        h[0] += a;
        h[1] += b;
        h[2] += c;
        h[3] += d;
        h[4] += e;
    }
}
