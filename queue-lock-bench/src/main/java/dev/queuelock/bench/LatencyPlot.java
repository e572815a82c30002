package dev.queuelock.bench;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;

/**
 * Hand-off latency distributions as cumulative curves on a log-scale time axis: one curve per
 * series, ours in blues, the peer in oranges. Drawn headless with Java2D, no chart library.
 */
final class LatencyPlot {

    private static final int WIDTH = 1000;
    private static final int HEIGHT = 600;
    private static final int LEFT = 80;
    private static final int RIGHT = 260;
    private static final int TOP = 60;
    private static final int BOTTOM = 70;
    private static final double MIN_MS = 0.1;
    private static final double MAX_MS = 2000;

    private final Map<String, List<Double>> ours = new LinkedHashMap<>();
    private final Map<String, List<Double>> peer = new LinkedHashMap<>();

    void add(String series, Measurement m) {
        ours.put(series, m.samples(Side.OURS));
        peer.put(series, m.samples(Side.PEER));
    }

    void write(Path png, String title) throws IOException {
        System.setProperty("java.awt.headless", "true");
        BufferedImage image = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, WIDTH, HEIGHT);
        axes(g, title);
        int legendY = TOP + 10;
        legendY = curves(g, ours, new Color(0x08, 0x45, 0x94), new Color(0x9e, 0xca, 0xe1), "ours", legendY);
        curves(g, peer, new Color(0xa6, 0x36, 0x03), new Color(0xfd, 0xae, 0x6b), "peer", legendY + 10);
        g.dispose();
        ImageIO.write(image, "png", png.toFile());
    }

    private void axes(Graphics2D g, String title) {
        g.setColor(Color.BLACK);
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 16));
        g.drawString(title, LEFT, 30);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        int plotRight = WIDTH - RIGHT;
        int plotBottom = HEIGHT - BOTTOM;
        for (double ms : new double[] {0.1, 1, 10, 100, 1000}) {
            int x = x(ms);
            g.setColor(new Color(0xdd, 0xdd, 0xdd));
            g.drawLine(x, TOP, x, plotBottom);
            g.setColor(Color.BLACK);
            g.drawString(Report.number(ms) + " ms", x - 15, plotBottom + 18);
        }
        for (int pct = 0; pct <= 100; pct += 25) {
            int y = y(pct / 100.0);
            g.setColor(new Color(0xdd, 0xdd, 0xdd));
            g.drawLine(LEFT, y, plotRight, y);
            g.setColor(Color.BLACK);
            g.drawString(pct + " %", LEFT - 40, y + 4);
        }
        g.drawRect(LEFT, TOP, plotRight - LEFT, plotBottom - TOP);
        g.drawString("hand-off latency (log scale)", (LEFT + plotRight) / 2 - 80, HEIGHT - 25);
        g.drawString("share of hand-offs at most this long", 10, TOP - 10);
    }

    /** Draws one family of curves, darkest first; returns the next legend line's y. */
    private static int curves(Graphics2D g, Map<String, List<Double>> family, Color dark, Color light, String side,
            int legendY) {
        int i = 0;
        int n = Math.max(1, family.size() - 1);
        for (Map.Entry<String, List<Double>> series : family.entrySet()) {
            Color c = blend(dark, light, (double) i++ / n);
            g.setColor(c);
            g.setStroke(new BasicStroke(2.2f));
            List<Double> sorted = new ArrayList<>(series.getValue());
            sorted.sort(Double::compare);
            int px = LEFT;
            int py = y(0);
            for (int k = 0; k < sorted.size(); k++) {
                int x = x(sorted.get(k));
                int y = y((k + 1.0) / sorted.size());
                g.drawLine(px, py, x, py); // a step: the share holds until the next sample
                g.drawLine(x, py, x, y);
                px = x;
                py = y;
            }
            g.fillRect(WIDTH - RIGHT + 20, legendY - 9, 24, 10);
            g.setColor(Color.BLACK);
            Stats s = Stats.of(sorted);
            g.drawString(side + " " + series.getKey() + "  p50 " + Report.number(s.p50()) + " ms", WIDTH - RIGHT + 50,
                    legendY);
            legendY += 18;
        }
        return legendY;
    }

    private static int x(double ms) {
        double clamped = Math.max(MIN_MS, Math.min(MAX_MS, ms));
        double f = (Math.log10(clamped) - Math.log10(MIN_MS)) / (Math.log10(MAX_MS) - Math.log10(MIN_MS));
        return LEFT + (int) Math.round(f * (WIDTH - RIGHT - LEFT));
    }

    private static int y(double share) {
        return HEIGHT - BOTTOM - (int) Math.round(share * (HEIGHT - BOTTOM - TOP));
    }

    private static Color blend(Color a, Color b, double f) {
        return new Color((int) (a.getRed() + (b.getRed() - a.getRed()) * f),
                (int) (a.getGreen() + (b.getGreen() - a.getGreen()) * f),
                (int) (a.getBlue() + (b.getBlue() - a.getBlue()) * f));
    }
}
