package io.beammcp.core.server;

import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Checks what the server sends against the strict schemas derived from the published schemas of the
 * revisions {@code initialize} negotiates besides 2025-11-25 ({@code src/test/resources/revisions}): a member
 * or content block the revision does not define fails the check.
 */
final class RevisionSchemas {

    private static final SchemaRegistry REGISTRY = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_7);
    private static final Map<String, Schema> SCHEMAS = new ConcurrentHashMap<>();

    private RevisionSchemas() {
    }

    /** The errors of {@code node} against the definition of that name in the revision's strict schema. */
    static List<Error> errors(String revision, String definition, JsonNode node) {
        return SCHEMAS.computeIfAbsent(revision + "#" + definition, key -> {
            ObjectNode document = (ObjectNode) document(revision);
            document.put("$ref", "#/definitions/" + definition);
            return REGISTRY.getSchema(document);
        }).validate(node);
    }

    static void assertValid(String revision, String definition, JsonNode node) {
        assertThat(errors(revision, definition, node)).as("%s valid against %s %s", node, revision, definition)
                .isEmpty();
    }

    /** A response whose result is the definition named, in an envelope of nothing else. */
    static void assertResult(String revision, String definition, JsonNode response) {
        assertThat(response).as("a response").isNotNull();
        assertThat(response.propertyNames()).as("the envelope of %s", response)
                .containsExactly("jsonrpc", "id", "result");
        assertThat(response.get("jsonrpc").asString()).isEqualTo("2.0");
        assertValid(revision, "RequestId", response.get("id"));
        assertValid(revision, definition, response.get("result"));
    }

    /** An error response. */
    static void assertError(String revision, JsonNode response) {
        assertValid(revision, "JSONRPCError", response);
    }

    /** A notification the server sends, as its revision defines one. */
    static void assertNotification(String revision, JsonNode notification) {
        assertThat(notification.path("jsonrpc").asString()).isEqualTo("2.0");
        ObjectNode message = ((ObjectNode) notification).deepCopy();
        message.remove("jsonrpc");
        assertValid(revision, "ServerNotification", message);
    }

    /** A request of the server's own, as its revision defines one. */
    static void assertRequest(String revision, JsonNode request) {
        assertThat(request.path("jsonrpc").asString()).isEqualTo("2.0");
        assertValid(revision, "RequestId", request.get("id"));
        ObjectNode message = ((ObjectNode) request).deepCopy();
        message.remove("jsonrpc");
        message.remove("id");
        assertValid(revision, "ServerRequest", message);
    }

    private static JsonNode document(String revision) {
        try (InputStream in = RevisionSchemas.class.getResourceAsStream("/revisions/" + revision + ".json")) {
            assertThat(in).as("the strict schema of %s", revision).isNotNull();
            return Wire.JSON.readTree(in);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
