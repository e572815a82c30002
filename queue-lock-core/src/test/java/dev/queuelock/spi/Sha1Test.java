package dev.queuelock.spi;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Our SHA-1 names queue directories as the npm tool does: it must be the JDK's, byte for byte. */
class Sha1Test {

    @Test
    void knownVectors() {
        assertThat(hex(Sha1.digest(new byte[0]))).isEqualTo("da39a3ee5e6b4b0d3255bfef95601890afd80709");
        assertThat(hex(Sha1.digest("abc".getBytes(StandardCharsets.US_ASCII))))
                .isEqualTo("a9993e364706816aba3e25717850c26c9cd0d89d");
    }

    @Test
    void equalsTheJdksAtEveryLengthAroundTheBlockBoundaries() throws Exception {
        Random random = new Random(1);
        for (int length = 0; length <= 200; length++) {
            byte[] message = new byte[length];
            random.nextBytes(message);
            assertThat(Sha1.digest(message)).as("length %d", length)
                    .isEqualTo(MessageDigest.getInstance("SHA-1").digest(message));
        }
    }

    @Test
    void queueNamesAreTheFirstSixBytesInLowerCaseHex() throws Exception {
        String key = "/home/dev/shop/.git";
        byte[] jdk = MessageDigest.getInstance("SHA-1").digest(key.getBytes(StandardCharsets.UTF_8));
        assertThat(Queue.hash(key)).isEqualTo(hex(jdk).substring(0, 12));
    }

    private static String hex(byte[] bytes) {
        StringBuilder s = new StringBuilder();
        for (byte b : bytes) {
            s.append(String.format("%02x", b));
        }
        return s.toString();
    }
}
