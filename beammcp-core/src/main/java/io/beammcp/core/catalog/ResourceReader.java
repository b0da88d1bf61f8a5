package io.beammcp.core.catalog;

import io.beammcp.core.CallContext;
import io.beammcp.core.ReadResult;

/**
 * Reads resources. The server calls it only for a URI the catalog lists or a listed template matches;
 * any other URI is answered "not found" before the reader runs. An exception thrown here becomes
 * {@code -32603} without detail.
 */
@FunctionalInterface
public interface ResourceReader {

    /**
     * Reads one resource.
     *
     * @param uri the requested URI, exactly as sent
     * @param context facts about the request and the client
     * @return the contents, or {@link ReadResult#notFound()}; never {@code null}
     * @throws Exception when the host fails
     */
    ReadResult read(String uri, CallContext context) throws Exception;
}
