package io.beammcp.core.internal.call;

import io.beammcp.core.Revision;
import io.beammcp.core.internal.protocol.Message;
import io.beammcp.core.spi.Exchange;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One request routed to its handler: the message, the exchange it came on, and the context host code will
 * see if the handler runs any.
 */
public record Request(Message message, Exchange exchange, HostContext context) {

    public Revision era() {
        return context.revision();
    }

    public boolean modern() {
        return context.revision() == Revision.V2026_07_28;
    }

    public JsonNode id() {
        return message.id();
    }

    /** The params, or {@code null} when absent. */
    public ObjectNode params() {
        return message.params();
    }
}
