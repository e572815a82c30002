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
import java.util.Arrays;
import java.util.List;
import javax.imageio.ImageIO;

/**
 * The slots scenario as a picture: for each kind of build, what was measured on this machine (top)
 * and what the model gives the bigger machine (bottom). Per setting, a bar up to the mean time to a
 * result, a black tick at the last result (the total), and a dot for every agent's result. Drawn
 * headless with Java2D, as {@link LatencyPlot}.
 */
final class SlotsPlot {

    private static final int PANEL_W = 560;
    private static final int PANEL_H = 340;
    private static final int TOP = 50;
    private static final int LEFT = 60;
    private static final int BOTTOM = 50;
    private static final Color BAR = new Color(0x9e, 0xca, 0xe1);
    private static final Color DOT = new Color(0x08, 0x45, 0x94);

    private final BenchConfig config;
    private final SlotsScenario.Result result;

    SlotsPlot(BenchConfig config, SlotsScenario.Result result) {
        this.config = config;
        this.result = result;
    }

    /**
     * One column of a panel: its label, every agent's time to result, and the last result (of each
     * round, averaged, as the table has it); with no results, a note instead.
     */
    private record Column(String label, List<Double> results, double last, String note) {
    }

    void write(Path png) throws IOException {
        System.setProperty("java.awt.headless", "true");
        List<String> kinds = List.copyOf(result.solo().keySet());
        int width = PANEL_W * Math.max(1, kinds.size());
        BufferedImage image = new BufferedImage(width, 2 * PANEL_H + 40, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, width, image.getHeight());
        g.setColor(Color.BLACK);
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 14));
        g.drawString("Each agent's time to its result: bar mean, tick last, dot one agent", 20, 26);
        for (int k = 0; k < kinds.size(); k++) {
            String kind = kinds.get(k);
            panel(g, k * PANEL_W, 40, SlotsReport.title(kind) + ", " + config.slotBuilds() + " agents, measured here ("
                    + Runtime.getRuntime().availableProcessors() + " cores)", measured(kind));
            panel(g, k * PANEL_W, 40 + PANEL_H, SlotsReport.title(kind) + ", " + config.modelAgents() + " agents on "
                    + config.modelCores() + " cores (model)", modelled(kind));
        }
        g.dispose();
        ImageIO.write(image, "png", png.toFile());
    }

    private List<Column> measured(String kind) {
        List<Column> columns = new ArrayList<>();
        for (SlotSetting setting : result.settings()) {
            List<SlotRound> rounds = result.rounds(kind, setting);
            List<Double> results = rounds.stream().flatMap(r -> r.resultSeconds().stream()).toList();
            double last = SlotsReport.mean(rounds.stream().map(SlotRound::lastResultSeconds).toList());
            columns.add(new Column(setting.name(), results, last, "not run"));
        }
        return columns;
    }

    private List<Column> modelled(String kind) {
        SlotBuild alone = result.solo().get(kind);
        List<Column> columns = new ArrayList<>();
        for (SlotSetting setting : config.modelSettings()) {
            int slots = setting.isAuto() ? ModelAuto.slots(config.modelCores(), config.modelMemoryGb(), alone)
                    : setting.modelSlots();
            SharingModel.Outcome o = SharingModel.run(config.modelAgents(), slots, config.modelCores(),
                    alone.durationSeconds(), alone.cores());
            String label = setting.isAuto() ? "auto (" + slots + ")" : setting.name();
            columns.add(new Column(label, Arrays.stream(o.results()).boxed().toList(), o.total(), ""));
        }
        return columns;
    }

    private static void panel(Graphics2D g, int x0, int y0, String title, List<Column> columns) {
        int plotW = PANEL_W - LEFT - 20;
        int plotH = PANEL_H - TOP - BOTTOM;
        int left = x0 + LEFT;
        int bottom = y0 + TOP + plotH;
        double max = niceMax(columns.stream().flatMap(c -> c.results().stream()).mapToDouble(d -> d).max().orElse(1));
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 13));
        g.setColor(Color.BLACK);
        g.drawString(title, left, y0 + 30);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        for (int i = 0; i <= 4; i++) {
            double v = max * i / 4;
            int y = bottom - (int) Math.round(plotH * v / max);
            g.setColor(new Color(0xdd, 0xdd, 0xdd));
            g.drawLine(left, y, left + plotW, y);
            g.setColor(Color.BLACK);
            g.drawString((v == Math.rint(v) ? String.valueOf(Math.round(v)) : SlotsReport.s(v)) + " s", left - 45, y + 4);
        }
        int n = Math.max(1, columns.size());
        int slot = plotW / n;
        for (int c = 0; c < columns.size(); c++) {
            Column column = columns.get(c);
            int cx = left + slot * c + slot / 2;
            g.setColor(Color.BLACK);
            g.drawString(column.label(), cx - g.getFontMetrics().stringWidth(column.label()) / 2, bottom + 18);
            if (column.results().isEmpty()) {
                g.setColor(Color.GRAY);
                g.drawString(column.note(), cx - g.getFontMetrics().stringWidth(column.note()) / 2, bottom - 10);
                continue;
            }
            double mean = column.results().stream().mapToDouble(d -> d).average().orElseThrow();
            double last = column.last();
            int barW = Math.max(8, slot / 2);
            int meanY = bottom - (int) Math.round(plotH * mean / max);
            g.setColor(BAR);
            g.fillRect(cx - barW / 2, meanY, barW, bottom - meanY);
            g.setColor(Color.BLACK);
            g.setStroke(new BasicStroke(2.5f));
            int lastY = bottom - (int) Math.round(plotH * last / max);
            g.drawLine(cx - barW / 2 - 4, lastY, cx + barW / 2 + 4, lastY);
            g.setStroke(new BasicStroke(1f));
            g.setColor(DOT);
            List<Double> results = column.results();
            for (int i = 0; i < results.size(); i++) {
                int dx = results.size() == 1 ? 0 : (int) Math.round((i / (results.size() - 1.0) - 0.5) * (barW - 8));
                int y = bottom - (int) Math.round(plotH * results.get(i) / max);
                g.fillOval(cx + dx - 3, y - 3, 6, 6);
            }
            g.setColor(Color.BLACK);
            String label = SlotsReport.s(mean);
            int labelY = bottom - meanY > 18 ? meanY + 14 : meanY - 4; // inside the bar's top, or above a short one
            g.drawString(label, cx - g.getFontMetrics().stringWidth(label) / 2, labelY);
        }
        g.setColor(Color.BLACK);
        g.drawRect(left, y0 + TOP, plotW, plotH);
        g.drawString("slots", left + plotW / 2 - 12, bottom + 36);
    }

    /** A top for the axis at least 5 % above {@code v} whose quarters are round numbers. */
    static double niceMax(double v) {
        double p = Math.pow(10, Math.floor(Math.log10(Math.max(v, 1e-9))));
        for (double m : new double[] {1, 1.2, 1.6, 2, 2.4, 3.2, 4, 6, 8, 10}) {
            if (m * p >= v * 1.05) {
                return m * p;
            }
        }
        return 10 * p;
    }
}
