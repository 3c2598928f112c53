package org.logplab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.w3c.dom.Element;

/**
 * What a release needs beside the code: the licence, the notice, the citation file, and the POM
 * metadata Maven Central requires (name, description, URL, licence, developers, SCM), all saying
 * the same project, licence and version.
 */
class ReleaseFilesTest {
    /**
     * SHA-256 of the Apache License 2.0 text as the ASF publishes it (LICENSE-2.0.txt, 11,358 bytes),
     * taken from Debian's copy in /usr/share/common-licenses/Apache-2.0.
     */
    private static final String APACHE_2_SHA256 = "cfc7749b96f63bd31c3c42b5c471bf756814053e847c10f3eb003417bc523d30";
    private static final String PROJECT_URL = "https://github.com/logplab/logplab";

    @Test
    void theLicenseIsTheApacheLicense2Unchanged() throws IOException, NoSuchAlgorithmException {
        byte[] text = Files.readAllBytes(RepositoryFiles.root().resolve("LICENSE"));
        assertThat(new String(text, StandardCharsets.UTF_8)).contains("Apache License", "Version 2.0, January 2004");
        assertThat(HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text)))
                .isEqualTo(APACHE_2_SHA256);
        assertThat(Files.readString(RepositoryFiles.root().resolve("NOTICE")))
                .startsWith("LogP Lab\nCopyright 2026 The LogP Lab authors\n");
    }

    @Test
    void theCitationFileCitesThisVersionUnderThisLicence() throws IOException {
        Map<String, String> cff = topLevelScalars(Files.readAllLines(RepositoryFiles.root().resolve("CITATION.cff")));
        assertThat(cff).containsEntry("cff-version", "1.2.0").containsEntry("title", "LogP Lab")
                .containsEntry("type", "software").containsEntry("license", "Apache-2.0")
                .containsEntry("repository-code", PROJECT_URL).containsKey("message");
        assertThat(cff.get("version")).isEqualTo(RepositoryFiles.version().replaceFirst("-SNAPSHOT$", ""));
    }

    @Test
    void theParentPomCarriesWhatMavenCentralRequires() throws IOException {
        Element project = RepositoryFiles.pom("pom.xml").getDocumentElement();
        assertThat(RepositoryFiles.child(project, "name")).isEqualTo("LogP Lab");
        assertThat(RepositoryFiles.child(project, "description")).isNotBlank();
        assertThat(RepositoryFiles.child(project, "url")).isEqualTo(PROJECT_URL);
        Element license = only(project, "licenses", "license");
        assertThat(RepositoryFiles.child(license, "name")).isEqualTo("Apache-2.0");
        assertThat(RepositoryFiles.child(license, "url")).isEqualTo("https://www.apache.org/licenses/LICENSE-2.0.txt");
        Element developer = only(project, "developers", "developer");
        assertThat(RepositoryFiles.child(developer, "id")).isEqualTo("logplab");
        assertThat(RepositoryFiles.child(developer, "name")).isEqualTo("The LogP Lab authors");
        Element scm = (Element) project.getElementsByTagName("scm").item(0);
        assertThat(RepositoryFiles.child(scm, "url")).isEqualTo(PROJECT_URL);
        assertThat(RepositoryFiles.child(scm, "connection")).isEqualTo("scm:git:" + PROJECT_URL + ".git");
    }

    @ParameterizedTest
    @ValueSource(strings = {"core", "fft", "balance", "net", "bench"})
    void everyModuleHasANameAndADescription(String module) throws IOException {
        Element project = RepositoryFiles.pom(module + "/pom.xml").getDocumentElement();
        assertThat(RepositoryFiles.child(project, "name")).startsWith("LogP Lab ");
        assertThat(RepositoryFiles.child(project, "description")).isNotBlank();
    }

    /**
     * The README's Maven and Gradle coordinates name this version and artifacts of this reactor
     * ({@code logplab-testkit} may come before its module does).
     */
    @Test
    void theReadmesCoordinatesAreThisVersionsArtifacts() throws IOException {
        String readme = Files.readString(RepositoryFiles.root().resolve("README.md"));
        Set<String> artifacts = new HashSet<>();
        for (String module : List.of("core", "fft", "balance", "net", "bench", "testkit")) {
            if (Files.isRegularFile(RepositoryFiles.root().resolve(module + "/pom.xml"))) {
                artifacts.add(RepositoryFiles.child(RepositoryFiles.pom(module + "/pom.xml").getDocumentElement(),
                        "artifactId"));
            } else if (module.equals("testkit")) {
                artifacts.add("logplab-testkit");
            }
        }
        Map<String, String> maven = new LinkedHashMap<>();
        Matcher m = Pattern.compile("<groupId>org\\.logplab</groupId>\\s*<artifactId>([^<]+)</artifactId>\\s*"
                + "<version>([^<]+)</version>").matcher(readme);
        while (m.find()) {
            maven.put(m.group(1), m.group(2));
        }
        Map<String, String> gradle = new LinkedHashMap<>();
        m = Pattern.compile("'org\\.logplab:([\\w-]+):([^']+)'").matcher(readme);
        while (m.find()) {
            gradle.put(m.group(1), m.group(2));
        }
        for (Map<String, String> coordinates : List.of(maven, gradle)) {
            assertThat(coordinates).containsOnlyKeys("logplab-core", "logplab-testkit");
            assertThat(artifacts).containsAll(coordinates.keySet());
            assertThat(coordinates.values()).containsOnly(RepositoryFiles.version());
        }
    }

    private static Element only(Element project, String list, String item) {
        Element parent = (Element) project.getElementsByTagName(list).item(0);
        assertThat(parent).as(list).isNotNull();
        assertThat(parent.getElementsByTagName(item).getLength()).as(item).isEqualTo(1);
        return (Element) parent.getElementsByTagName(item).item(0);
    }

    /** The {@code key: value} lines of a YAML file that start in column 0, quotes taken off the values. */
    private static Map<String, String> topLevelScalars(List<String> lines) {
        Map<String, String> map = new LinkedHashMap<>();
        for (String line : lines) {
            int colon = line.indexOf(": ");
            if (line.isEmpty() || Character.isWhitespace(line.charAt(0)) || line.startsWith("#") || colon < 0) {
                continue;
            }
            String value = line.substring(colon + 2).strip();
            if (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")) {
                value = value.substring(1, value.length() - 1);
            }
            map.put(line.substring(0, colon), value);
        }
        return map;
    }
}
