package dev.queuelock.cli;

/** A command line that cannot be run as typed: exit 2 with the message and the usage. */
final class UsageException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    UsageException(String message) {
        super(message);
    }
}
