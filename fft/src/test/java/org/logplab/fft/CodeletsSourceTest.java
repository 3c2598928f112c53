package org.logplab.fft;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;

/**
 * The checked-in {@code Codelets.java} is exactly what {@link CodeletGenerator} writes, so the two cannot drift
 * apart. With {@code -Dcodelets.regenerate} the test first rewrites the file (the command is in its header).
 */
class CodeletsSourceTest {

    @Test
    void checkedInCodeletsShouldBeWhatTheGeneratorWrites() throws IOException {
        if (System.getProperty("codelets.regenerate") != null) {
            CodeletGenerator.write(CodeletGenerator.TARGET);
        }
        assertThat(Files.readString(CodeletGenerator.TARGET, StandardCharsets.UTF_8))
                .as("%s differs from what CodeletGenerator writes; regenerate it with%n%s",
                        CodeletGenerator.TARGET, CodeletGenerator.REGENERATE.replace("//", ""))
                .isEqualTo(CodeletGenerator.source());
    }
}
