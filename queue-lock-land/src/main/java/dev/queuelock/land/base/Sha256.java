package dev.queuelock.land.base;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/** The SHA-256 of what a tool wrote, in hex: kept to tell a person's later edit of the file from it. */
public final class Sha256 {

    private Sha256() {
    }

    public static String hex(byte[] bytes) {
        byte[] digest;
        try {
            digest = MessageDigest.getInstance("SHA-256").digest(bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
        StringBuilder hex = new StringBuilder(2 * digest.length);
        for (byte b : digest) {
            hex.append(Character.forDigit((b >> 4) & 0xf, 16)).append(Character.forDigit(b & 0xf, 16));
        }
        return hex.toString();
    }
}
