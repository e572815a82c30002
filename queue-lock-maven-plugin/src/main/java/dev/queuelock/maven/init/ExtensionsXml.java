package dev.queuelock.maven.init;

import dev.queuelock.file.SafePaths;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;

/**
 * Adds this extension to {@code .mvn/extensions.xml}: creates the file (headed by the license
 * header of the top POM when init finds one, so that a license check passes it), or inserts one entry
 * before {@code </extensions>} leaving every other byte of the user's file as it was, and writing
 * the entry the file's way: its line ending (CRLF stays CRLF), its indentation, or on one line if
 * the file is one line. An entry
 * already there (any version) is left alone, so running init twice changes nothing. An entry with
 * the coordinates of releases before the extension had a jar of its own (the plugin's) is rewritten
 * in place: that jar no longer carries the build queue.
 */
public final class ExtensionsXml {

    /** What {@link #ensure} did. */
    public enum Change { CREATED, ADDED, UPGRADED, ALREADY_PRESENT }

    /** What {@link #remove} did. */
    public enum Removal { REMOVED, FILE_REMOVED, NOT_LISTED }

    /** What {@code .mvn/extensions.xml} listed before the extension was its own artifact. */
    static final String OLD_ARTIFACT_ID = "queue-lock-maven-plugin";

    private static final Pattern EXTENSION = Pattern.compile("<extension>.*?</extension>", Pattern.DOTALL);

    private final String groupId;
    private final String artifactId;
    private final String version;

    public ExtensionsXml(String groupId, String artifactId, String version) {
        this.groupId = groupId;
        this.artifactId = artifactId;
        this.version = version;
    }

    /**
     * @param licenseHeader the comment a new file starts with ({@link PomLicenseHeader}); unused if the file exists
     * @throws IllegalArgumentException (one line, with the fix) if the existing file is not valid XML
     */
    public Change ensure(Path topDirectory, Optional<String> licenseHeader) throws IOException {
        return ensureIn(topDirectory.resolve(".mvn").resolve("extensions.xml"), licenseHeader);
    }

    /** As {@link #ensure}, in the extensions file {@code file} (a repository's, or the user's {@code ~/.m2/extensions.xml}). */
    public Change ensureIn(Path file, Optional<String> licenseHeader) throws IOException {
        if (!Files.exists(file)) {
            String header = licenseHeader.map(comment -> comment + "\n").orElse("");
            write(file, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + header + "<extensions>\n" + entry("  ", "  ", "\n")
                    + "</extensions>\n");
            return Change.CREATED;
        }
        String xml = Files.readString(file, StandardCharsets.UTF_8);
        Document doc = parse(file, xml);
        if (lists(doc, artifactId)) {
            return Change.ALREADY_PRESENT;
        }
        if (lists(doc, OLD_ARTIFACT_ID)) {
            write(file, upgraded(file, xml));
            return Change.UPGRADED;
        }
        int close = xml.lastIndexOf("</extensions>");
        if (close < 0) {
            throw new IllegalArgumentException(file + " has no </extensions> end tag; add the queue-lock entry by hand (see the README).");
        }
        int lineStart = xml.lastIndexOf('\n', close - 1) + 1;
        if (!xml.substring(lineStart, close).isBlank()) { // </extensions> ends a line of content: add ours on it
            write(file, xml.substring(0, close) + entry("", "", "") + xml.substring(close));
            return Change.ADDED;
        }
        String newline = xml.contains("\r\n") ? "\r\n" : "\n";
        Matcher entryIndent = Pattern.compile("(?m)^([ \\t]*)<extension>").matcher(xml);
        String indent = entryIndent.find() ? entryIndent.group(1) : "  ";
        Matcher childIndent = Pattern.compile("(?m)^" + Pattern.quote(indent) + "([ \\t]+)<(groupId|artifactId|version)>")
                .matcher(xml);
        String unit = childIndent.find() ? childIndent.group(1) : indent.isEmpty() ? "  " : indent;
        write(file, xml.substring(0, lineStart) + entry(indent, unit, newline) + xml.substring(lineStart));
        return Change.ADDED;
    }

    /**
     * Whether the {@code .mvn/extensions.xml} of {@code topDirectory} lists queue-lock's extension
     * (or the old plugin entry); false where there is none or it cannot be read as XML.
     */
    public boolean isListedIn(Path topDirectory) {
        Path file = topDirectory.resolve(".mvn").resolve("extensions.xml");
        try {
            Document doc = parse(file, Files.readString(file, StandardCharsets.UTF_8));
            return lists(doc, artifactId) || lists(doc, OLD_ARTIFACT_ID);
        } catch (IOException | IllegalArgumentException e) {
            return false;
        }
    }

    /**
     * Takes this extension's entry (any version) out of the extensions file {@code file}, every other
     * byte as it was; a file that then lists no extension at all is deleted (Maven reads it for nothing).
     *
     * @throws IllegalArgumentException (one line, with the fix) if the file is not valid XML
     */
    public Removal remove(Path file) throws IOException {
        if (!Files.exists(file)) {
            return Removal.NOT_LISTED;
        }
        String xml = Files.readString(file, StandardCharsets.UTF_8);
        if (!lists(parse(file, xml), artifactId)) {
            return Removal.NOT_LISTED;
        }
        Matcher m = EXTENSION.matcher(xml);
        while (m.find()) {
            if (isOurs(m.group())) {
                int start = m.start();
                int end = m.end();
                int lineStart = xml.lastIndexOf('\n', start - 1) + 1;
                if (xml.substring(lineStart, start).isBlank()) { // the entry's own lines go, with its indentation and line end
                    start = lineStart;
                    while (end < xml.length() && (xml.charAt(end) == ' ' || xml.charAt(end) == '\t')) {
                        end++;
                    }
                    end += xml.startsWith("\r\n", end) ? 2 : xml.startsWith("\n", end) ? 1 : 0;
                }
                String rest = xml.substring(0, start) + xml.substring(end);
                if (parse(file, rest).getElementsByTagName("extension").getLength() == 0) {
                    Files.delete(file);
                    return Removal.FILE_REMOVED;
                }
                write(file, rest);
                return Removal.REMOVED;
            }
        }
        throw new IllegalArgumentException(file + " lists " + artifactId + " in a form uninstall cannot take out; remove its"
                + " <extension> entry by hand.");
    }

    private boolean isOurs(String entry) {
        return entry.matches("(?s).*<groupId>\\s*" + Pattern.quote(groupId) + "\\s*</groupId>.*")
                && entry.matches("(?s).*<artifactId>\\s*" + Pattern.quote(artifactId) + "\\s*</artifactId>.*");
    }

    /** The entry, its lines at {@code indent} (children one {@code unit} deeper), each ended by {@code newline}. */
    private String entry(String indent, String unit, String newline) {
        return indent + "<extension>" + newline
                + indent + unit + "<groupId>" + groupId + "</groupId>" + newline
                + indent + unit + "<artifactId>" + artifactId + "</artifactId>" + newline
                + indent + unit + "<version>" + version + "</version>" + newline
                + indent + "</extension>" + newline;
    }

    /** The old entry with this artifact id and version, every other byte as it was. */
    private String upgraded(Path file, String xml) {
        Matcher m = EXTENSION.matcher(xml);
        while (m.find()) {
            String entry = m.group();
            if (entry.matches("(?s).*<groupId>\\s*" + Pattern.quote(groupId) + "\\s*</groupId>.*")
                    && entry.matches("(?s).*<artifactId>\\s*" + OLD_ARTIFACT_ID + "\\s*</artifactId>.*")) {
                String fixed = entry.replaceFirst("<artifactId>\\s*" + OLD_ARTIFACT_ID + "\\s*</artifactId>",
                                "<artifactId>" + Matcher.quoteReplacement(artifactId) + "</artifactId>")
                        .replaceFirst("<version>[^<]*</version>", "<version>" + Matcher.quoteReplacement(version) + "</version>");
                return xml.substring(0, m.start()) + fixed + xml.substring(m.end());
            }
        }
        throw new IllegalArgumentException(file + " lists " + OLD_ARTIFACT_ID + " in a form init cannot rewrite; change its artifactId to "
                + artifactId + " by hand.");
    }

    private boolean lists(Document doc, String wanted) {
        NodeList extensions = doc.getElementsByTagName("extension");
        for (int i = 0; i < extensions.getLength(); i++) {
            Element e = (Element) extensions.item(i);
            if (groupId.equals(text(e, "groupId")) && wanted.equals(text(e, "artifactId"))) {
                return true;
            }
        }
        return false;
    }

    private static String text(Element parent, String tag) {
        NodeList nodes = parent.getElementsByTagName(tag);
        return nodes.getLength() == 0 ? null : nodes.item(0).getTextContent().trim();
    }

    private static Document parse(Path file, String xml) {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            return factory.newDocumentBuilder().parse(new InputSource(new StringReader(xml)));
        } catch (ParserConfigurationException | SAXException | IOException e) {
            throw new IllegalArgumentException(file + " is not valid XML (" + e.getMessage() + "); fix it, then run init or uninstall again.");
        }
    }

    /** Replaces the file in one rename, so Maven never reads half of it. */
    private static void write(Path file, String content) throws IOException {
        Files.createDirectories(file.getParent());
        SafePaths.writeAtomically(file, content.getBytes(StandardCharsets.UTF_8));
    }
}
