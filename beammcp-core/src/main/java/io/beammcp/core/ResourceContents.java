package io.beammcp.core;

/**
 * The contents of one resource: text, or binary sent base64-encoded (exactly one of {@code text} and
 * {@code blob}).
 *
 * @param uri the resource's URI
 * @param mimeType its media type, or {@code null}
 * @param text its text, or {@code null} for binary contents
 * @param blob its raw bytes, or {@code null} for text contents
 */
public record ResourceContents(String uri, String mimeType, String text, byte[] blob) {

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
}
