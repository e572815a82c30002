package dev.queuelock.bench;

/** A measurement that could not be made; its message says what to check. */
final class BenchException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    BenchException(String message) {
        super(message);
    }
}
