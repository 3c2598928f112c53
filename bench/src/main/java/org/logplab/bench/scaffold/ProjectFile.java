package org.logplab.bench.scaffold;

/**
 * One file of a new project.
 *
 * @param path its path inside the project's folder, with {@code /} between folders
 * @param text its contents (written in UTF-8)
 */
public record ProjectFile(String path, String text) {
}
