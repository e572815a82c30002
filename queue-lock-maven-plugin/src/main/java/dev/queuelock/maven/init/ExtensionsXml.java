package dev.queuelock.maven.init;

import dev.queuelock.file.SafePaths;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;

/**
 * Adds this extension to {@code .mvn/extensions.xml}: creates the file, or inserts one entry
 * before {@code </extensions>} leaving every other byte of the user's file as it was. An entry
 * already there (any version) is left alone, so running init twice changes nothing.
 */
public final class ExtensionsXml {

    /** What {@link #ensure} did. */
    public enum Change { CREATED, ADDED, ALREADY_PRESENT }

    private final String groupId;
    private final String artifactId;
    private final String version;

    public ExtensionsXml(String groupId, String artifactId, String version) {
        this.groupId = groupId;
        this.artifactId = artifactId;
        this.version = version;
    }

    /** @throws IllegalArgumentException (one line, with the fix) if the existing file is not valid XML */
    public Change ensure(Path topDirectory) throws IOException {
        Path file = topDirectory.resolve(".mvn").resolve("extensions.xml");
        if (!Files.exists(file)) {
            write(file, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<extensions>\n" + entry("  ") + "</extensions>\n");
            return Change.CREATED;
        }
        String xml = Files.readString(file, StandardCharsets.UTF_8);
        if (lists(parse(file, xml))) {
            return Change.ALREADY_PRESENT;
        }
        int close = xml.lastIndexOf("</extensions>");
        if (close < 0) {
            throw new IllegalArgumentException(file + " has no </extensions> end tag; add the queue-lock entry by hand (see the README).");
        }
        write(file, xml.substring(0, close) + entry("  ") + xml.substring(close));
        return Change.ADDED;
    }

    private String entry(String indent) {
        return indent + "<extension>\n"
                + indent + "  <groupId>" + groupId + "</groupId>\n"
                + indent + "  <artifactId>" + artifactId + "</artifactId>\n"
                + indent + "  <version>" + version + "</version>\n"
                + indent + "</extension>\n";
    }

    private boolean lists(Document doc) {
        NodeList extensions = doc.getElementsByTagName("extension");
        for (int i = 0; i < extensions.getLength(); i++) {
            Element e = (Element) extensions.item(i);
            if (groupId.equals(text(e, "groupId")) && artifactId.equals(text(e, "artifactId"))) {
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
            throw new IllegalArgumentException(file + " is not valid XML (" + e.getMessage() + "); fix it, then run init again.");
        }
    }

    /** Replaces the file in one rename, so Maven never reads half of it. */
    private static void write(Path file, String content) throws IOException {
        Files.createDirectories(file.getParent());
        SafePaths.writeAtomically(file, content.getBytes(StandardCharsets.UTF_8));
    }
}
