package dev.queuelock.cli;

/** The help text: printed by {@code --help}, and after the one-line message of a usage error. */
final class Usage {

    static final String TEXT = String.join("\n",
            "Usage: java -jar queue-lock-core-cli.jar run [OPTIONS] -- CMD [ARGS...]",
            "       java -jar queue-lock-core-cli.jar status [OPTIONS] [--json]",
            "",
            "run     runs CMD (no shell) in DIR while holding the queue, one holder at a time",
            "        across every working tree of DIR's repository, first come first served.",
            "status  shows the holder and the waiters in queue order.",
            "",
            "Options:",
            "  --queue NAME            queue name (default: build); 'land' is another, independent queue",
            "  --dir DIR               a directory in the repository; CMD runs there (default: .)",
            "  --label TEXT            run: what waiters are told the holder is doing (default: CMD ARGS)",
            "  --stuck-warn DURATION   run: tell a long hold again this often; warn only far past its usual",
            "                          (default: 5m; env QUEUELOCK_STUCK_WARN)",
            "  --kill-grace DURATION   run: on SIGINT/SIGTERM, how long CMD's tree gets after SIGTERM",
            "                          before SIGKILL (default: 5s)",
            "  --poll-interval DURATION  fallback poll while waiting; file events usually wake sooner",
            "                          (default: 200ms; env QUEUELOCK_POLL_INTERVAL)",
            "  --json                  status: print a JSON document",
            "  -h, --help              print this help",
            "DURATION: e.g. 200ms, 30s, 5m, 1h, 1m30s. Queues live under $TMPDIR (else /tmp).",
            "",
            "Exit codes of run: CMD's own (128+N if CMD died of signal N); 2 usage error;",
            "125 the queue could not be used; 126 CMD could not be executed; 127 CMD not found.",
            "status: 0, or 2 for a usage error, 125 if the queue could not be read.");

    private Usage() {
    }
}
