package io.beammcp.core;

import java.util.List;

/**
 * Hints for clients about a resource or content block; {@code null} leaves a hint unset.
 *
 * @param audience who the item is for: {@code "user"}, {@code "assistant"} or both, or {@code null}
 * @param priority importance from 0 (least) to 1 (most), or {@code null}
 * @param lastModified an ISO 8601 timestamp, or {@code null}
 */
public record Annotations(List<String> audience, Double priority, String lastModified) {

    /**
     * Copies the audience.
     */
    public Annotations {
        audience = audience == null ? null : List.copyOf(audience);
    }
}
