package dev.queuelock.maven.extension.check;

import java.nio.file.Path;
import java.util.List;

/** One project of the check build's reactor, as the affected-module rules see it. */
final class ReactorModule {

    final String id;
    final Path dir;
    /** A {@code pom}-packaged project: a parent or an aggregator, whose changes reach every module. */
    final boolean parentOrAggregator;
    /** The reactor projects it builds on directly (dependencies, its parent, plugins built in the reactor). */
    final List<String> upstream;

    ReactorModule(String id, Path dir, boolean parentOrAggregator, List<String> upstream) {
        this.id = id;
        this.dir = dir.toAbsolutePath().normalize();
        this.parentOrAggregator = parentOrAggregator;
        this.upstream = List.copyOf(upstream);
    }

    @Override
    public String toString() {
        return id;
    }
}
