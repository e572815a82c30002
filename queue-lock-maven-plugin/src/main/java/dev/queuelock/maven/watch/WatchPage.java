package dev.queuelock.maven.watch;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The watch as a page, on 127.0.0.1 only, with the JDK's own HTTP server: {@code /} the page (with the current look),
 * {@code /state} the current look as JSON, {@code /events} each new look as a server-sent event.
 * It serves what the watch read; it reads and writes nothing itself.
 */
public final class WatchPage implements AutoCloseable {

    /** Longest an event stream waits for a change before it sends a comment, to learn whether the browser is still there. */
    private static final long KEEP_ALIVE_MILLIS = 15_000;

    private final HttpServer server;
    private final ExecutorService threads = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "queue-lock watch page");
        t.setDaemon(true);
        return t;
    });
    private final byte[] page;
    private String state = "{}";
    private long version;

    private WatchPage(HttpServer server) throws IOException {
        this.server = server;
        try (InputStream in = WatchPage.class.getResourceAsStream("watch.html")) {
            this.page = in.readAllBytes();
        }
    }

    /**
     * Starts serving on {@code 127.0.0.1:port} (0: any free port).
     *
     * @throws BindException if the port is in use
     */
    public static WatchPage start(int port) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 0);
        WatchPage watchPage = new WatchPage(server);
        server.setExecutor(watchPage.threads);
        server.createContext("/", watchPage::serve);
        server.start();
        return watchPage;
    }

    public int port() {
        return server.getAddress().getPort();
    }

    /** A new look, as {@link dev.queuelock.land.watch.PageJson} renders it: sent to every open page. */
    public synchronized void publish(String json) {
        if (!json.equals(state)) {
            state = json;
            version++;
            notifyAll();
        }
    }

    private void serve(HttpExchange exchange) throws IOException {
        try {
            String path = exchange.getRequestURI().getPath();
            if (path.equals("/events")) {
                events(exchange);
            } else if (path.equals("/state")) {
                send(exchange, "application/json", current().getBytes(StandardCharsets.UTF_8));
            } else if (path.equals("/")) {
                send(exchange, "text/html; charset=utf-8", page());
            } else {
                exchange.sendResponseHeaders(404, -1);
            }
        } finally {
            exchange.close();
        }
    }

    private static void send(HttpExchange exchange, String type, byte[] body) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", type);
        exchange.getResponseHeaders().set("Cache-Control", "no-store");
        exchange.sendResponseHeaders(200, body.length);
        exchange.getResponseBody().write(body);
    }

    /**
     * The page with the current look written into its script, so it shows at once (and a
     * screenshot taken as it loads shows it); {@code </} is escaped so no string ends the script.
     */
    private byte[] page() {
        String html = new String(page, StandardCharsets.UTF_8);
        return html.replace("/*STATE*/{}", current().replace("</", "<\\/")).getBytes(StandardCharsets.UTF_8);
    }

    private synchronized String current() {
        return state;
    }

    private void events(HttpExchange exchange) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", "text/event-stream");
        exchange.getResponseHeaders().set("Cache-Control", "no-store");
        exchange.sendResponseHeaders(200, 0);
        OutputStream out = exchange.getResponseBody();
        long sent = -1;
        try {
            while (true) {
                String json;
                synchronized (this) {
                    if (version == sent) {
                        wait(KEEP_ALIVE_MILLIS);
                    }
                    json = version == sent ? null : state;
                    sent = version;
                }
                out.write((json == null ? ": still here\n\n" : "data: " + json + "\n\n").getBytes(StandardCharsets.UTF_8));
                out.flush();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            // the page was closed
        }
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }
}
