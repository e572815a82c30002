package dev.queuelock.maven.goals;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The plugin.xml that maven-plugin-plugin generated from the mojos' annotations and Javadoc: what
 * Maven configures a goal from and what {@code queuelock:help -Ddetail} prints.
 */
final class PluginDescriptor {

    /** One parameter of one goal, as the descriptor states it. */
    static final class Param {
        final String goal;
        final String field;
        final String property;
        final String defaultValue;
        final String description;
        final boolean readonly;

        Param(String goal, String field, String property, String defaultValue, String description, boolean readonly) {
            this.goal = goal;
            this.field = field;
            this.property = property;
            this.defaultValue = defaultValue;
            this.description = description;
            this.readonly = readonly;
        }

        @Override
        public String toString() {
            return goal + "." + field + (property != null ? " (" + property + ")" : "");
        }
    }

    private PluginDescriptor() {
    }

    static List<String> goals() throws Exception {
        List<String> goals = new ArrayList<>();
        NodeList mojos = read().getElementsByTagName("mojo");
        for (int i = 0; i < mojos.getLength(); i++) {
            goals.add(text((Element) mojos.item(i), "goal"));
        }
        return goals;
    }

    static List<Param> parameters() throws Exception {
        List<Param> params = new ArrayList<>();
        NodeList mojos = read().getElementsByTagName("mojo");
        for (int i = 0; i < mojos.getLength(); i++) {
            Element mojo = (Element) mojos.item(i);
            String goal = text(mojo, "goal");
            Element configuration = (Element) mojo.getElementsByTagName("configuration").item(0);
            NodeList declared = ((Element) mojo.getElementsByTagName("parameters").item(0)).getElementsByTagName("parameter");
            for (int j = 0; j < declared.getLength(); j++) {
                Element p = (Element) declared.item(j);
                String name = text(p, "name");
                Element conf = configuration == null ? null : (Element) configuration.getElementsByTagName(name).item(0);
                String expression = conf == null ? "" : conf.getTextContent().strip();
                String property = expression.startsWith("${") ? expression.substring(2, expression.length() - 1) : null;
                String dflt = conf == null || !conf.hasAttribute("default-value") ? null : conf.getAttribute("default-value");
                params.add(new Param(goal, name, property, dflt, text(p, "description"), !"true".equals(text(p, "editable"))));
            }
        }
        return params;
    }

    /** The plugin's dependencies as the descriptor lists them ({@code groupId:artifactId}): what Maven puts in its realm. */
    static List<String> dependencies() throws Exception {
        List<String> dependencies = new ArrayList<>();
        Element list = (Element) read().getElementsByTagName("dependencies").item(0);
        NodeList declared = list == null ? null : list.getElementsByTagName("dependency");
        for (int i = 0; declared != null && i < declared.getLength(); i++) {
            Element d = (Element) declared.item(i);
            dependencies.add(text(d, "groupId") + ":" + text(d, "artifactId"));
        }
        return dependencies;
    }

    private static String text(Element parent, String tag) {
        NodeList nodes = parent.getElementsByTagName(tag);
        return nodes.getLength() == 0 ? null : nodes.item(0).getTextContent().strip();
    }

    private static Document read() throws Exception {
        try (InputStream in = PluginDescriptor.class.getResourceAsStream("/META-INF/maven/plugin.xml")) {
            if (in == null) {
                throw new IllegalStateException("no META-INF/maven/plugin.xml: run the tests through Maven (process-classes)");
            }
            return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(in);
        }
    }
}
