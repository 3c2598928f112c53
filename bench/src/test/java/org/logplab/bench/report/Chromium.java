package org.logplab.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.logplab.bench.output.JsonLines;

/**
 * Headless Chromium for the report's tests, found on the PATH and run with its profile, cache and
 * temporary files in a folder of the test's, in a window {@value #WIDTH} pixels wide. It loads a
 * page with {@link #CHECK_SCRIPT} added, which records, once the page has loaded, each image's
 * natural width, each link's target, and for every visible table the place of its first data
 * row's first cell and of its {@code ok} cell, before and after the table is scrolled to its
 * right end.
 */
public final class Chromium {
    /** The window's width, pixels: a laptop's browser window. */
    public static final int WIDTH = 1000;
    /** The script that records what the tests check, in a {@code pre} element the dumped page holds. */
    public static final String CHECK_SCRIPT = """
            <script>
            window.addEventListener('load', () => {
              const images = Array.from(document.images).map(i => ({src: i.getAttribute('src'),
                      width: i.naturalWidth}));
              const links = Array.from(document.querySelectorAll('a[href]'))
                      .map(a => ({href: a.getAttribute('href'), url: a.href,
                  target: a.getAttribute('href').startsWith('#') ? document.getElementById(a.getAttribute('href')
                  .slice(1)) !== null : null}));
              const place = c => { const r = c.getBoundingClientRect(); return {left: r.left, right: r.right}; };
              const tables = Array.from(document.querySelectorAll('div.scroll'))
                  .filter(d => d.offsetParent !== null && d.querySelectorAll('tr').length > 1)
                  .map(d => {
                const heads = Array.from(d.querySelector('tr').children).map(h => h.getAttribute('title'));
                const row = d.querySelectorAll('tr')[1].children;
                const ok = heads.indexOf('ok');
                const seen = () => ({first: place(row[0]), ok: ok < 0 ? null : place(row[ok])});
                const before = seen();
                d.scrollLeft = d.scrollWidth;
                const after = seen();
                d.scrollLeft = 0;
                const link = d.closest('figure') && d.closest('figure').querySelector('figcaption a');
                return {file: link ? link.getAttribute('href') : null,
                    columns: heads, wide: d.scrollWidth > d.clientWidth, view: place(d), before: before,
                    after: after};
              });
              const out = document.createElement('pre');
              out.id = 'logplab-check';
              out.textContent = JSON.stringify({width: window.innerWidth, images: images, links: links,
                  tables: tables});
              document.body.appendChild(out);
            });
            </script>
            """;
    private static final long LIMIT_SECONDS = 60;

    private Chromium() {
    }

    /** {@code chromium}, {@code chromium-browser} or {@code google-chrome} on the PATH. */
    public static Optional<Path> find() {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (String name : List.of("chromium", "chromium-browser", "google-chrome")) {
            for (String d : path.split(File.pathSeparator)) {
                Path candidate = Path.of(d, name);
                if (Files.isExecutable(candidate)) {
                    return Optional.of(candidate);
                }
            }
        }
        return Optional.empty();
    }

    /**
     * Loads {@code page} (which must hold {@link #CHECK_SCRIPT}), waits for it (at most a minute),
     * and returns what the script recorded.
     */
    public static JsonNode loadAndReport(Path browser, Path page, Path scratch) throws Exception {
        Path home = Files.createDirectories(scratch.resolve("home"));
        ProcessBuilder pb = new ProcessBuilder(browser.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-dev-shm-usage", "--no-first-run", "--user-data-dir=" + home.resolve("profile"),
                "--window-size=" + WIDTH + ",800", "--virtual-time-budget=10000", "--dump-dom",
                page.toUri().toString())
                .redirectOutput(scratch.resolve("dom.html").toFile())
                .redirectError(scratch.resolve("chromium.log").toFile());
        // Chromium writes its profile, caches and shared-memory files under these: all in the test's folder.
        for (String variable : List.of("HOME", "TMPDIR", "XDG_CONFIG_HOME", "XDG_CACHE_HOME")) {
            pb.environment().put(variable, home.toString());
        }
        Process p = pb.start();
        try {
            boolean done = p.waitFor(LIMIT_SECONDS, TimeUnit.SECONDS);
            assertThat(done).as("chromium did not finish within " + LIMIT_SECONDS + " s").isTrue();
            assertThat(p.exitValue()).as(Files.readString(scratch.resolve("chromium.log"))).isZero();
        } finally {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            p.onExit().get(10, TimeUnit.SECONDS);
        }
        Matcher m = Pattern.compile("<pre id=\"logplab-check\">(.*?)</pre>", Pattern.DOTALL)
                .matcher(Files.readString(scratch.resolve("dom.html")));
        assertThat(m.find()).as("the check script's output in the page chromium dumped").isTrue();
        String json = m.group(1).replace("&lt;", "<").replace("&gt;", ">").replace("&nbsp;", " ")
                .replace("&amp;", "&");
        return JsonLines.MAPPER.readTree(json);
    }

    /**
     * Every table of {@code seen} that has an {@code ok} column: that cell within the window
     * (between 0 and its width) and within its table's visible part, before and after the table
     * is scrolled to its right end; returns the problems found, one line each.
     */
    public static List<String> hiddenVerdicts(JsonNode seen) {
        double width = seen.get("width").asDouble();
        List<String> hidden = new java.util.ArrayList<>();
        seen.get("tables").forEach(t -> {
            for (String when : List.of("before", "after")) {
                JsonNode ok = t.get(when).get("ok");
                if (ok == null || ok.isNull()) {
                    continue;
                }
                double left = ok.get("left").asDouble();
                double right = ok.get("right").asDouble();
                boolean inView = left >= t.get("view").get("left").asDouble() - 1
                        && right <= t.get("view").get("right").asDouble() + 1 && left >= 0 && right <= width;
                if (!inView) {
                    hidden.add(t.get("file").asText() + ": the ok cell at " + left + "-" + right + " px " + when
                            + " scrolling, the table showing " + t.get("view"));
                }
            }
        });
        return hidden;
    }
}
