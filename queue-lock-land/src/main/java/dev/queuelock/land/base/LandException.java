package dev.queuelock.land.base;

/** A landing that cannot go on; the message is one line that says what to do. */
public class LandException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public LandException(String message) {
        super(message);
    }
}
