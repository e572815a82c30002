package dev.queuelock.maven.goals;

import dev.queuelock.config.Setting;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * Writes what the docs say about the {@code queuelock.*} keys from their declarations, at build time
 * (the plugin module's {@code process-classes}, after maven-plugin-plugin wrote the descriptors):
 * each goal's description in {@code plugin.xml}, {@code plugin-help.xml} (what {@code help -Ddetail}
 * prints) and {@code plugin-enhanced.xml} (the goal's site page) gains the list of keys it reads, and
 * the configuration page is written to {@code target/configuration.md} with the catalog's table between
 * its markers ({@code ConfigurationPageTest} fails while the committed page differs). A key declared in a
 * {@code SettingGroup} of the catalog reaches all of them, and {@code queuelock:config}, with no
 * other edit.
 */
public final class SettingsPages {

    static final String BEGIN = "<!-- settings table: generated from the settings catalog (SettingsCatalog) -->";
    static final String END = "<!-- end of settings table -->";
    /** Starts the generated part of a goal's description (and lets a second run replace it). */
    static final String HEADING = "Settings it reads";
    private static final String LANE_GOALS = "lane goals";

    private final SettingsCatalog catalog;

    SettingsPages(SettingsCatalog catalog) {
        this.catalog = catalog;
    }

    /**
     * @param args the plugin module's build directory, the committed configuration page, and where to
     *             write that page with the catalog's table (under the build directory: the build never
     *             changes a committed file, so a test can tell a stale page)
     */
    public static void main(String[] args) throws Exception {
        SettingsPages pages = new SettingsPages(SettingsCatalog.standard());
        pages.describeGoals(Path.of(args[0]));
        pages.updateTable(Path.of(args[1]), Path.of(args[2]));
    }

    /** Adds the keys each goal reads to its description in every descriptor under {@code buildDirectory}. */
    void describeGoals(Path buildDirectory) throws Exception {
        List<Path> descriptors;
        try (Stream<Path> files = Files.walk(buildDirectory, 6)) {
            descriptors = files.filter(f -> List.of("plugin.xml", "plugin-help.xml", "plugin-enhanced.xml")
                    .contains(f.getFileName().toString())).collect(Collectors.toList());
        }
        for (Path descriptor : descriptors) {
            describeGoals(descriptor, descriptor.getFileName().toString().equals("plugin-enhanced.xml"));
        }
    }

    private void describeGoals(Path descriptor, boolean html) throws Exception {
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(descriptor.toFile());
        NodeList mojos = doc.getElementsByTagName("mojo");
        for (int i = 0; i < mojos.getLength(); i++) {
            Element mojo = (Element) mojos.item(i);
            Element description = child(mojo, "description");
            List<Setting<?>> read = readBy(child(mojo, "goal").getTextContent(), child(mojo, "implementation"));
            if (description == null || read.isEmpty()) {
                continue;
            }
            String text = description.getTextContent();
            int generated = text.indexOf(html ? "<p>" + HEADING : "\n\n" + HEADING);
            description.setTextContent((generated < 0 ? text : text.substring(0, generated)) + section(read, html));
        }
        var transformer = TransformerFactory.newInstance().newTransformer();
        transformer.setOutputProperty(OutputKeys.ENCODING, "UTF-8");
        transformer.transform(new DOMSource(doc), new StreamResult(descriptor.toFile()));
    }

    /**
     * The keys a goal reads: those whose readers name it, and, for a goal built on {@link AbstractRepositoryMojo}
     * (which validates the lane settings), those read by the lane goals.
     */
    List<Setting<?>> readBy(String goal, Element implementation) {
        boolean laneGoal = implementation != null && isLaneGoal(implementation.getTextContent().trim());
        List<Setting<?>> read = new ArrayList<>();
        for (Setting<?> setting : catalog.all()) {
            List<String> readers = Arrays.asList(setting.readBy().split(",\\s*"));
            if (readers.contains(goal) || laneGoal && readers.contains(LANE_GOALS)) {
                read.add(setting);
            }
        }
        return read;
    }

    private static boolean isLaneGoal(String className) {
        try {
            return AbstractRepositoryMojo.class.isAssignableFrom(Class.forName(className, false, SettingsPages.class.getClassLoader()));
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    /** The part of a goal's description that lists {@code read}: plain text for help, HTML for the site. */
    static String section(List<Setting<?>> read, boolean html) {
        StringBuilder out = new StringBuilder(html ? "<p>" + HEADING + " (-D or .mvn/maven.config):</p><ul>" : "\n\n" + HEADING
                + " (-D or .mvn/maven.config):");
        for (Setting<?> s : read) {
            String former = s.formerName() == null ? "" : "; formerly " + s.formerName();
            if (html) {
                out.append("<li><code>").append(escape(s.name())).append("</code> (default ").append(escape(s.defaultText()))
                        .append("; ").append(escape(s.accepts())).append(escape(former)).append("): ").append(escape(s.meaning()))
                        .append("</li>");
            } else {
                out.append("\n  ").append(s.name()).append(" (default ").append(s.defaultText()).append("; ").append(s.accepts())
                        .append(former).append("): ").append(s.meaning());
            }
        }
        return out.append(html ? "</ul>" : "").toString();
    }

    /** Writes {@code page} to {@code into} with {@link #table} between its markers. */
    void updateTable(Path page, Path into) throws IOException {
        String text = Files.readString(page, StandardCharsets.UTF_8);
        int begin = text.indexOf(BEGIN);
        int end = text.indexOf(END);
        if (begin < 0 || end < begin) {
            throw new IllegalStateException(page + " has no settings table markers: " + BEGIN + " ... " + END);
        }
        String updated = text.substring(0, begin + BEGIN.length()) + "\n" + String.join("\n", table()) + "\n" + text.substring(end);
        Files.createDirectories(into.toAbsolutePath().getParent());
        Files.writeString(into, updated, StandardCharsets.UTF_8);
    }

    /** The configuration page's table: a row per key in the catalog's order, then the former names still read. */
    List<String> table() {
        List<String> rows = new ArrayList<>();
        rows.add("| key | default | accepts | read by | meaning |");
        rows.add("|---|---|---|---|---|");
        List<String> renamed = new ArrayList<>();
        for (Setting<?> s : catalog.all()) {
            String dflt = s.defaultValue() != null ? "`" + s.defaultValue() + "`" : s.defaultText();
            rows.add("| `" + s.name() + "` | " + dflt + " | " + s.accepts() + " | " + s.readBy() + " | "
                    + s.meaning().replace("|", "\\|") + " |");
            if (s.formerName() != null) {
                renamed.add("| `" + s.formerName() + "` | `" + s.name() + "` |");
            }
        }
        if (!renamed.isEmpty()) {
            rows.add("");
            rows.add("Former names, still read (with a warning naming the key to use):");
            rows.add("");
            rows.add("| former name | key |");
            rows.add("|---|---|");
            rows.addAll(renamed);
        }
        return rows;
    }

    private static Element child(Element parent, String name) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element && n.getNodeName().equals(name)) {
                return (Element) n;
            }
        }
        return null;
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
