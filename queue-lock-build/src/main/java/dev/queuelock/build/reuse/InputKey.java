package dev.queuelock.build.reuse;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * A SHA-256 over named inputs, each written with its length so no two lists of inputs run into the
 * same bytes: the key a module's outputs are stored and found under.
 */
public final class InputKey {

    private final MessageDigest sha;

    private InputKey(MessageDigest sha) {
        this.sha = sha;
    }

    /** A key of the kind {@code kind}: keys of different kinds never meet. */
    public static InputKey of(String kind) {
        try {
            return new InputKey(MessageDigest.getInstance("SHA-256")).with("kind", kind);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no SHA-256", e);
        }
    }

    /** Adds one input: its name and value. */
    public InputKey with(String name, String value) {
        part(name);
        part(value == null ? "\u0000null" : value);
        return this;
    }

    private void part(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        sha.update((bytes.length + ":").getBytes(StandardCharsets.US_ASCII));
        sha.update(bytes);
    }

    /** The key, as 64 hex digits; the key takes no more inputs after. */
    public String hex() {
        return Hex.of(sha.digest());
    }
}
