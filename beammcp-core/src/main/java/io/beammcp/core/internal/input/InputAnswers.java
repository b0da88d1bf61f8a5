package io.beammcp.core.internal.input;

import io.beammcp.core.InputRequest;
import io.beammcp.core.MissingClientCapabilityException;
import io.beammcp.core.Revision;
import io.beammcp.core.internal.json.JsonCodec;
import io.beammcp.core.internal.protocol.McpError;
import tools.jackson.databind.node.ObjectNode;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The answers of a round in which host code asked the client for input, or could not. */
public final class InputAnswers {

    private InputAnswers() {
    }

    /**
     * A 2026-07-28 {@code InputRequiredResult}: the requests of this round, and a sealed state carrying every
     * answer so far except those asked again, so the next round sees them all.
     */
    public static ObjectNode inputRequired(JsonCodec codec, Map<String, InputRequest> asked, RequestInput input) {
        ObjectNode result = codec.object().put("resultType", "input_required");
        ObjectNode requests = result.putObject("inputRequests");
        Map<String, String> methods = new LinkedHashMap<>();
        asked.forEach((key, request) -> {
            ObjectNode entry = requests.putObject(key).put("method", request.method());
            entry.set("params", codec.toTree(request.params()));
            methods.put(key, request.method());
        });
        result.put("requestState", input.seal(methods));
        return result;
    }

    /**
     * Host code asked for input the client cannot give: {@code -32021} with the capabilities as an object
     * in 2026-07-28; in 2025-11-25, which has no such error, {@code -32602} with the same data.
     */
    public static McpError missingCapability(JsonCodec codec, Revision era, MissingClientCapabilityException e) {
        ObjectNode data = codec.object();
        ObjectNode required = data.putObject("requiredCapabilities");
        for (List<String> path : e.missing()) {
            ObjectNode at = required;
            for (String name : path) {
                at = at.has(name) ? (ObjectNode) at.get(name) : at.putObject(name);
            }
        }
        String message = "Missing required client capability: " + String.join(", ",
                e.missing().stream().map(path -> String.join(".", path)).toList());
        return era == Revision.V2026_07_28
                ? new McpError(McpError.MISSING_REQUIRED_CLIENT_CAPABILITY, message, data)
                : new McpError(McpError.INVALID_PARAMS, "Invalid params: " + message, data);
    }
}
