package io.beammcp.core.internal.streams;

import io.beammcp.core.internal.session.Session;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A checked {@code subscriptions/listen}, ready to open.
 *
 * @param id the listen request's id, which tags every frame
 * @param filter what the stream receives
 * @param honoured the acknowledgement's {@code notifications}
 * @param owner the connection's session (stdio) that may cancel it by id, or {@code null}
 * @param caller the name of the caller that opened it ({@code ""} for none), whose share of streams it takes
 */
public record Listen(JsonNode id, Stream.Filter filter, ObjectNode honoured, Session owner, String caller) {
}
