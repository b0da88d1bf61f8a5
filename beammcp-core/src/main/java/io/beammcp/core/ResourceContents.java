package io.beammcp.core;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The contents of one resource: text, or binary sent base64-encoded (exactly one of {@code text} and
 * {@code blob}).
 *
 * @param uri the resource's URI
 * @param mimeType its media type, or {@code null}
 * @param text its text, or {@code null} for binary contents
 * @param blob its raw bytes, or {@code null} for text contents
 * @param meta free-form {@code _meta} sent with the contents (an MCP Apps view's {@code ui}), or {@code null}
 */
public record ResourceContents(String uri, String mimeType, String text, byte[] blob, Map<String, Object> meta) {

    /** Copies the metadata. */
    public ResourceContents {
        // in the order given, so the JSON a host may hash is the same at each start
        meta = meta == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(meta));
    }

    /**
     * Contents without {@code _meta}.
     *
     * @param uri the resource's URI
     * @param mimeType its media type, or {@code null}
     * @param text its text, or {@code null}
     * @param blob its raw bytes, or {@code null}
     */
    public ResourceContents(String uri, String mimeType, String text, byte[] blob) {
        this(uri, mimeType, text, blob, null);
    }

    /**
     * Text contents.
     *
     * @param uri the resource's URI
     * @param mimeType its media type, or {@code null}
     * @param text the text
     * @return the contents
     */
    public static ResourceContents text(String uri, String mimeType, String text) {
        return new ResourceContents(uri, mimeType, text, null);
    }

    /**
     * Binary contents.
     *
     * @param uri the resource's URI
     * @param mimeType its media type, or {@code null}
     * @param blob the raw bytes
     * @return the contents
     */
    public static ResourceContents blob(String uri, String mimeType, byte[] blob) {
        return new ResourceContents(uri, mimeType, null, blob);
    }

    /**
     * These contents with {@code _meta}.
     *
     * @param meta the metadata
     * @return the same contents carrying it
     */
    public ResourceContents withMeta(Map<String, Object> meta) {
        return new ResourceContents(uri, mimeType, text, blob, meta);
    }
}
