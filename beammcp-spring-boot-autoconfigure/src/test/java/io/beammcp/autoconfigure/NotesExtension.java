package io.beammcp.autoconfigure;

import io.beammcp.core.Revision;
import io.beammcp.core.extension.ExtensionMethod;
import io.beammcp.core.extension.McpExtension;
import io.beammcp.core.extension.Negotiation;
import tools.jackson.databind.node.JsonNodeFactory;

import java.util.List;
import java.util.Map;

/**
 * An extension as a library would contribute it: {@code io.example/notes}, served in both revisions to requests
 * that declare it, adding {@code notes/count}.
 */
final class NotesExtension implements McpExtension {

    static final String ID = "io.example/notes";
    /** A 2026-07-28 {@code _meta} member whose client capabilities declare the extension. */
    static final String DECLARING = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientCapabilities\":{\"extensions\":{\"" + ID + "\":{}}}}";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Map<String, Object> settings(Revision revision) {
        return Map.of("version", 1);
    }

    @Override
    public Negotiation negotiation() {
        return Negotiation.DECLARED;
    }

    @Override
    public List<ExtensionMethod> methods() {
        return List.of(ExtensionMethod.of("notes/count",
                request -> JsonNodeFactory.instance.objectNode().put("count", 2)));
    }
}
