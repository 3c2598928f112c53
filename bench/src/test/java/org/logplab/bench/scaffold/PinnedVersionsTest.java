package org.logplab.bench.scaffold;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringReader;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.xpath.XPath;
import javax.xml.xpath.XPathExpressionException;
import javax.xml.xpath.XPathFactory;
import org.junit.jupiter.api.Test;
import org.logplab.bench.RepositoryFiles;
import org.w3c.dom.Document;
import org.xml.sax.InputSource;

/**
 * A new project's POM names this build's version, and JUnit, AssertJ and the plugins at the
 * versions the parent POM pins, so that it builds from what this build has fetched.
 */
class PinnedVersionsTest {

    @Test
    void theVersionsAreThoseOfThisBuildsPoms() throws IOException {
        PinnedVersions v = PinnedVersions.current();
        assertThat(v.logplab()).isEqualTo(RepositoryFiles.version());
        assertThat(v.junit()).isEqualTo(RepositoryFiles.property("junit.version"));
        assertThat(v.assertj()).isEqualTo(RepositoryFiles.property("assertj.version"));
        assertThat(v.resourcesPlugin()).isEqualTo(RepositoryFiles.property("resources.plugin.version"));
        assertThat(v.compilerPlugin()).isEqualTo(RepositoryFiles.property("compiler.plugin.version"));
        assertThat(v.surefirePlugin()).isEqualTo(RepositoryFiles.property("surefire.plugin.version"));
        assertThat(v.jvmFlags()).isEqualTo(RepositoryFiles.property("logplab.jvm.flags"));
    }

    @Test
    void theParentPomsPluginsUseThoseProperties() throws Exception {
        Document parent = RepositoryFiles.pom("pom.xml");
        for (String plugin : List.of("maven-resources-plugin", "maven-compiler-plugin", "maven-surefire-plugin")) {
            String property = plugin.replaceFirst("^maven-", "").replace("-plugin", ".plugin.version");
            assertThat(xpath(parent, "/project/build/pluginManagement/plugins/plugin[artifactId='" + plugin
                    + "']/version")).as(plugin).isEqualTo("${" + property + "}");
        }
    }

    @Test
    void theNewPomNamesThemAll() throws Exception {
        PinnedVersions v = PinnedVersions.current();
        String pom = NewProject.of("demo-algo", null, null).files(v).stream()
                .filter(f -> f.path().equals("pom.xml")).findFirst().orElseThrow().text();
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new InputSource(new StringReader(pom)));
        assertThat(xpath(doc, "/project/groupId")).isEqualTo("demoalgo");
        assertThat(xpath(doc, "/project/artifactId")).isEqualTo("demo-algo");
        assertThat(xpath(doc, "/project/properties/maven.compiler.release")).isEqualTo("21");
        assertThat(xpath(doc, "/project/properties/logplab.version")).isEqualTo(v.logplab());
        assertThat(dependency(doc, "logplab-core", "version")).isEqualTo("${logplab.version}");
        assertThat(dependency(doc, "logplab-core", "scope")).isEmpty();
        assertThat(dependency(doc, "logplab-testkit", "version")).isEqualTo("${logplab.version}");
        assertThat(dependency(doc, "logplab-testkit", "scope")).isEqualTo("test");
        assertThat(dependency(doc, "junit-jupiter", "version")).isEqualTo(v.junit());
        assertThat(dependency(doc, "assertj-core", "version")).isEqualTo(v.assertj());
        assertThat(plugin(doc, "maven-resources-plugin")).isEqualTo(v.resourcesPlugin());
        assertThat(plugin(doc, "maven-compiler-plugin")).isEqualTo(v.compilerPlugin());
        assertThat(plugin(doc, "maven-surefire-plugin")).isEqualTo(v.surefirePlugin());
        assertThat(xpath(doc, "/project/build/plugins/plugin[artifactId='maven-surefire-plugin']"
                + "/configuration/argLine")).isEqualTo(v.jvmFlags());
    }

    private static String dependency(Document pom, String artifactId, String field) throws XPathExpressionException {
        return xpath(pom, "/project/dependencies/dependency[artifactId='" + artifactId + "']/" + field);
    }

    private static String plugin(Document pom, String artifactId) throws XPathExpressionException {
        return xpath(pom, "/project/build/plugins/plugin[artifactId='" + artifactId + "']/version");
    }

    private static String xpath(Document doc, String expression) throws XPathExpressionException {
        XPath xpath = XPathFactory.newInstance().newXPath();
        return xpath.evaluate(expression, doc).strip();
    }
}
