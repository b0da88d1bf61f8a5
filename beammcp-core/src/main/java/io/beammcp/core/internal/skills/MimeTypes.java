package io.beammcp.core.internal.skills;

import java.util.Locale;
import java.util.Map;

/** The media type of a skill file, by its extension; {@code SKILL.md} is always {@code text/markdown}. */
final class MimeTypes {

    static final String DIRECTORY = "inode/directory";
    static final String MARKDOWN = "text/markdown";
    static final String TEXT = "text/plain";
    static final String BINARY = "application/octet-stream";

    private static final Map<String, String> BY_EXTENSION = Map.ofEntries(
            Map.entry("md", MARKDOWN), Map.entry("markdown", MARKDOWN), Map.entry("txt", TEXT),
            Map.entry("json", "application/json"), Map.entry("yaml", "application/yaml"),
            Map.entry("yml", "application/yaml"), Map.entry("xml", "application/xml"),
            Map.entry("csv", "text/csv"), Map.entry("html", "text/html"), Map.entry("css", "text/css"),
            Map.entry("js", "text/javascript"), Map.entry("py", "text/x-python"),
            Map.entry("sh", "text/x-shellscript"), Map.entry("java", "text/x-java"),
            Map.entry("sql", "application/sql"), Map.entry("svg", "image/svg+xml"), Map.entry("png", "image/png"),
            Map.entry("jpg", "image/jpeg"), Map.entry("jpeg", "image/jpeg"), Map.entry("gif", "image/gif"),
            Map.entry("webp", "image/webp"), Map.entry("pdf", "application/pdf"), Map.entry("zip", "application/zip"));

    private MimeTypes() {
    }

    /**
     * The type of a file by its name; without a known extension, plain text when its bytes are UTF-8 text
     * ({@code text} is {@code null} when they are not known yet, as for a dynamic file), else octet-stream.
     */
    static String of(String fileName, Boolean text) {
        int dot = fileName.lastIndexOf('.');
        String type = dot < 0 ? null : BY_EXTENSION.get(fileName.substring(dot + 1).toLowerCase(Locale.ROOT));
        if (type != null) {
            return type;
        }
        return Boolean.TRUE.equals(text) ? TEXT : BINARY;
    }
}
