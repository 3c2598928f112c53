package org.logplab.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;

/**
 * The checkout the tests run in: its root folder (the one holding {@code .mvn/}, found upwards from
 * the working directory, which Maven sets to the module's folder) and what its POMs say.
 */
public final class RepositoryFiles {
    private RepositoryFiles() {
    }

    /** The root of the checkout: the nearest folder at or above the working directory with a {@code .mvn} folder. */
    public static Path root() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isDirectory(p.resolve(".mvn")) && Files.isRegularFile(p.resolve("pom.xml"))) {
                return p;
            }
        }
        throw new IllegalStateException("no folder with .mvn/ and pom.xml at or above " + Path.of("").toAbsolutePath());
    }

    /** The POM at {@code path} (relative to the root), parsed without namespaces. */
    public static Document pom(String path) throws IOException {
        try {
            return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(root().resolve(path).toFile());
        } catch (ParserConfigurationException | SAXException e) {
            throw new IOException("cannot read " + path + ": " + e.getMessage(), e);
        }
    }

    /** The text of the child element {@code name} of {@code parent}, or null when there is none. */
    public static String child(Element parent, String name) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getTagName().equals(name)) {
                return e.getTextContent().strip();
            }
        }
        return null;
    }

    /** The project version the root POM declares, e.g. {@code 0.1.0-SNAPSHOT}. */
    public static String version() throws IOException {
        return child(pom("pom.xml").getDocumentElement(), "version");
    }

    /** The value of the root POM's property {@code name}, such as {@code junit.version}, or null when it has none. */
    public static String property(String name) throws IOException {
        Element properties = null;
        for (Node n = pom("pom.xml").getDocumentElement().getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getTagName().equals("properties")) {
                properties = e;
            }
        }
        return properties == null ? null : child(properties, name);
    }
}
