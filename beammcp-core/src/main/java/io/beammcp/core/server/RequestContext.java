package io.beammcp.core.server;

import io.beammcp.core.CallContext;
import io.beammcp.core.Revision;
import io.beammcp.core.ToolSpec;

import java.util.Map;

record RequestContext(Revision revision, Object requestId, Map<String, Object> clientInfo,
        Map<String, Object> clientCapabilities, ToolSpec tool) implements CallContext {
}
