package dev.queuelock.bench;

/** The two contenders, measured alternately in one run. */
enum Side {
    OURS("queue-lock"),
    PEER("claude-code-merge-queue 0.5.4");

    private final String label;

    Side(String label) {
        this.label = label;
    }

    String label() {
        return label;
    }

    /** The other side first on odd repetitions, so neither always runs on a warmer (or busier) machine. */
    static Side[] order(int repetition) {
        return repetition % 2 == 0 ? new Side[] {OURS, PEER} : new Side[] {PEER, OURS};
    }
}
