package io.beammcp.core;

import java.util.List;

/**
 * An icon a client may show for a tool, resource or prompt.
 *
 * @param src the icon's URI ({@code https:} or {@code data:})
 * @param mimeType its media type, or {@code null}
 * @param sizes sizes such as {@code "48x48"} or {@code "any"}, or {@code null}
 * @param theme {@code "light"}, {@code "dark"} or {@code null}
 */
public record Icon(String src, String mimeType, List<String> sizes, String theme) {

    /**
     * An icon with only its source.
     *
     * @param src the icon's URI
     * @return the icon
     */
    public static Icon of(String src) {
        return new Icon(src, null, null, null);
    }
}
