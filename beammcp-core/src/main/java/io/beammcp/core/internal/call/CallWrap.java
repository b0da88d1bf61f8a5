package io.beammcp.core.internal.call;

import tools.jackson.databind.node.ObjectNode;

import java.util.function.Supplier;

/** What the extensions that wrap a built-in method do around the host work of one of its requests. */
@FunctionalInterface
public interface CallWrap {

    /** No extension wraps the method: its work runs as it is. */
    CallWrap NONE = (request, work) -> work;

    /**
     * The work to run for this request, once the method's own checks passed.
     *
     * @throws io.beammcp.core.internal.protocol.McpError when an extension refuses the request
     */
    Supplier<ObjectNode> wrap(Request request, Supplier<ObjectNode> work);
}
