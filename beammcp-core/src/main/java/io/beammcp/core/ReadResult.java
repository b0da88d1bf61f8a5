package io.beammcp.core;

import java.util.List;

/**
 * What reading a resource found: contents, or nothing at that URI.
 */
public sealed interface ReadResult {

    /**
     * The resource's contents (one or more; a resource may answer with sub-resources).
     *
     * @param contents the contents, never empty
     */
    record Found(List<ResourceContents> contents) implements ReadResult {

        /**
         * Copies the contents.
         */
        public Found {
            contents = List.copyOf(contents);
        }
    }

    /**
     * Nothing exists at the URI.
     */
    record NotFound() implements ReadResult {
    }

    /**
     * Contents found.
     *
     * @param contents one or more contents
     * @return the result
     */
    static ReadResult of(ResourceContents... contents) {
        return new Found(List.of(contents));
    }

    /**
     * Nothing at the URI; clients get the revision's not-found error with the URI.
     *
     * @return the result
     */
    static ReadResult notFound() {
        return new NotFound();
    }
}
