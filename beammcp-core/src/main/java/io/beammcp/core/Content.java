package io.beammcp.core;

/**
 * A content block of a tool result.
 */
public sealed interface Content {

    /**
     * Plain text.
     *
     * @param text the text
     */
    record Text(String text) implements Content {
    }

    /**
     * An image, sent base64-encoded.
     *
     * @param data the raw image bytes
     * @param mimeType for example {@code "image/png"}
     */
    record Image(byte[] data, String mimeType) implements Content {
    }

    /**
     * Audio, sent base64-encoded.
     *
     * @param data the raw audio bytes
     * @param mimeType for example {@code "audio/wav"}
     */
    record Audio(byte[] data, String mimeType) implements Content {
    }

    /**
     * A link to a resource the client may read; it need not be listed.
     *
     * @param uri the resource's URI
     * @param name its name
     * @param title a display title, or {@code null}
     * @param description a description, or {@code null}
     * @param mimeType its media type, or {@code null}
     * @param size its size in bytes, or {@code null}
     */
    record ResourceLink(String uri, String name, String title, String description, String mimeType, Long size)
            implements Content {
    }

    /**
     * A resource embedded in the result.
     *
     * @param resource the resource's contents
     */
    record EmbeddedResource(ResourceContents resource) implements Content {
    }

    /**
     * A text block.
     *
     * @param text the text
     * @return the block
     */
    static Content text(String text) {
        return new Text(text);
    }

    /**
     * An image block.
     *
     * @param data the raw bytes
     * @param mimeType the media type
     * @return the block
     */
    static Content image(byte[] data, String mimeType) {
        return new Image(data, mimeType);
    }

    /**
     * An audio block.
     *
     * @param data the raw bytes
     * @param mimeType the media type
     * @return the block
     */
    static Content audio(byte[] data, String mimeType) {
        return new Audio(data, mimeType);
    }

    /**
     * A resource link with only its URI and name.
     *
     * @param uri the resource's URI
     * @param name its name
     * @return the block
     */
    static Content resourceLink(String uri, String name) {
        return new ResourceLink(uri, name, null, null, null, null);
    }

    /**
     * An embedded text resource.
     *
     * @param uri the resource's URI
     * @param mimeType its media type, or {@code null}
     * @param text its text
     * @return the block
     */
    static Content embeddedText(String uri, String mimeType, String text) {
        return new EmbeddedResource(ResourceContents.text(uri, mimeType, text));
    }

    /**
     * An embedded binary resource.
     *
     * @param uri the resource's URI
     * @param mimeType its media type, or {@code null}
     * @param blob its raw bytes
     * @return the block
     */
    static Content embeddedBlob(String uri, String mimeType, byte[] blob) {
        return new EmbeddedResource(ResourceContents.blob(uri, mimeType, blob));
    }
}
