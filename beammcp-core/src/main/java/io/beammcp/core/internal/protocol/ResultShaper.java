package io.beammcp.core.internal.protocol;

import io.beammcp.core.Revision;
import io.beammcp.core.internal.json.JsonCodec;
import io.beammcp.core.internal.protocol.RevisionShape.Item;
import tools.jackson.databind.JacksonSerializable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

import java.util.Map;
import java.util.Set;

/**
 * Shapes a handler's result for its revision, once: a 2026-07-28 result gets its cache hints when it has any,
 * and is framed by the writer ({@code resultType} first, {@code serverInfo} in {@code _meta} last); a 2025-11-25
 * result is sent as the handler built it, and the result of a session that negotiated an earlier revision keeps
 * only what that revision defines ({@link RevisionShape}).
 */
public final class ResultShaper {

    private final JsonCodec codec;
    private final ObjectNode serverInfo;

    public ResultShaper(JsonCodec codec, String name, String version) {
        this.codec = codec;
        this.serverInfo = codec.object().put("name", name).put("version", version);
    }

    /** {@code {name, version}}, as {@code initialize} and {@code _meta} carry it. */
    public ObjectNode serverInfo() {
        return serverInfo;
    }

    public JacksonSerializable shape(Revision era, ObjectNode result, CacheHints cache) {
        return shape(era, null, null, result, cache);
    }

    /**
     * A result of {@code method} for its revision: {@code session} is the revision a session negotiated
     * ({@code null} outside a session, or for a method whose result every revision shares).
     */
    public JacksonSerializable shape(Revision era, RevisionShape session, McpMethod method, ObjectNode result,
            CacheHints cache) {
        if (era != Revision.V2026_07_28) {
            return session == null || session.asBuilt() || method == null ? result : older(session, method, result);
        }
        if (cache != null) {
            cache.putOn(result);
        }
        return Envelopes.modern(result, serverInfo);
    }

    /**
     * A session result of a revision before 2025-11-25: every object keeps only the members its revision
     * defines, so what came later ({@code title}, {@code icons}, {@code outputSchema}, {@code structuredContent},
     * tool annotations, {@code _meta} on items) is left out; a content block it does not define becomes text.
     * Shared catalog nodes are copied, never changed.
     */
    private ObjectNode older(RevisionShape revision, McpMethod method, ObjectNode result) {
        return switch (method) {
            case TOOLS_LIST -> member(revision, result, "tools", Item.TOOL);
            case RESOURCES_LIST -> member(revision, result, "resources", Item.RESOURCE);
            case RESOURCES_TEMPLATES_LIST -> member(revision, result, "resourceTemplates", Item.TEMPLATE);
            case RESOURCES_READ -> member(revision, result, "contents", Item.CONTENTS);
            case PROMPTS_LIST -> member(revision, result, "prompts", Item.PROMPT);
            case PROMPTS_GET -> member(revision, result, "messages", Item.MESSAGE);
            case TOOLS_CALL -> (ObjectNode) value(revision, result, Item.CALL_RESULT);
            default -> result;
        };
    }

    private ObjectNode member(RevisionShape revision, ObjectNode result, String name, Item kind) {
        JsonNode value = result.get(name);
        if (value == null) {
            return result;
        }
        ObjectNode shaped = codec.object();
        shaped.setAll(result);
        shaped.set(name, value(revision, value, kind));
        return shaped;
    }

    private JsonNode value(RevisionShape revision, JsonNode value, Item kind) {
        if (kind == null) {
            return value;
        }
        if (value instanceof ArrayNode array) {
            ArrayNode shaped = codec.nodes().arrayNode(array.size());
            array.forEach(element -> shaped.add(value(revision, element, kind)));
            return shaped;
        }
        if (!(value instanceof ObjectNode object)) {
            return value;
        }
        Item actual = kind == Item.BLOCK ? Item.block(object.path("type").asString("")) : kind;
        Set<String> members = actual == null ? null : revision.members(actual);
        if (members == null) {
            return asText(revision, object);
        }
        ObjectNode shaped = codec.object();
        for (Map.Entry<String, JsonNode> member : object.properties()) {
            if (members.contains(member.getKey())) {
                shaped.set(member.getKey(), value(revision, member.getValue(), actual.nested(member.getKey())));
            }
        }
        return shaped;
    }

    /**
     * A content block the revision does not define, as text: a resource link names its resource (which the
     * client can still read), anything else says what was left out.
     */
    private ObjectNode asText(RevisionShape revision, ObjectNode block) {
        String type = block.path("type").asString("");
        String text;
        if (type.equals("resource_link")) {
            text = "Resource link: " + block.path("uri").asString("") + " (" + block.path("name").asString("") + ")";
            if (block.path("description").isString()) {
                text += "\n" + block.get("description").stringValue();
            }
        } else {
            String mimeType = block.path("mimeType").isString() ? " (" + block.get("mimeType").stringValue() + ")" : "";
            text = "A " + type + " block" + mimeType + " was left out: protocol revision " + revision.id()
                    + " has no " + type + " content";
        }
        return codec.object().put("type", "text").put("text", text);
    }
}
