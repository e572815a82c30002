package dev.queuelock.maven.it;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A real headless browser for a test: the machine's own Chromium (Debian's package), driven by its
 * command line. Nothing is downloaded: where there is none, {@link #find()} says so and the test skips.
 */
final class Chromium {

    /** How long the page's scripts run before the DOM is read or the screenshot taken: its event stream never ends. */
    private static final int SCRIPT_MILLIS = 8000;
    private static final int SCREENSHOT_MILLIS = 25_000;

    private final String binary;
    private final Path profile;

    private Chromium(String binary, Path profile) {
        this.binary = binary;
        this.profile = profile;
    }

    /** The machine's Chromium, or null if it has none; {@code profile} is a directory of the test's for its user data. */
    static Chromium find(Path profile) {
        for (String name : List.of("chromium", "chromium-browser", "google-chrome")) {
            Optional<Path> binary = Programs.onPath(name, System.getenv().getOrDefault("PATH", "/usr/bin"));
            if (binary.isPresent()) {
                return new Chromium(binary.get().toString(), profile);
            }
        }
        return null;
    }

    /** The DOM of {@code url} after its scripts ran. */
    String dom(String url) throws IOException, InterruptedException {
        return run(List.of("--dump-dom", url));
    }

    /**
     * A PNG of {@code url} after its scripts ran, {@code width} x {@code height}. Nothing tells from a picture whether
     * the script had finished: it is given {@value #SCREENSHOT_MILLIS} ms, for the docs, not for an assertion.
     */
    void screenshot(String url, Path png, int width, int height) throws IOException, InterruptedException {
        Files.createDirectories(png.toAbsolutePath().getParent());
        run(List.of("--timeout=" + SCREENSHOT_MILLIS, "--screenshot=" + png.toAbsolutePath(), "--window-size=" + width + ","
                + height, "--hide-scrollbars", url));
    }

    private String run(List<String> what) throws IOException, InterruptedException {
        List<String> args = new ArrayList<>(List.of(binary, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                "--disable-dev-shm-usage", "--user-data-dir=" + profile));
        if (what.stream().noneMatch(arg -> arg.startsWith("--timeout="))) {
            args.add("--timeout=" + SCRIPT_MILLIS);
        }
        args.addAll(what);
        Process p = new ProcessBuilder(args).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException("chromium did not end in 120 s");
        }
        return out;
    }
}
