package io.beammcp.core.server;

import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import io.beammcp.core.Revision;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import static org.assertj.core.api.Assertions.assertThat;

/** Validates emitted messages against the official schemas in {@code ../shared/spec} (never copied here). */
final class WireSchema {

    private static final Path SPEC = Path.of("..", "..", "shared", "spec");
    private static final SchemaRegistry REGISTRY = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
    private static final Map<String, Schema> SCHEMAS = new ConcurrentHashMap<>();
    private static final Map<Revision, JsonNode> DOCUMENTS = new ConcurrentHashMap<>();

    private WireSchema() {
    }

    static void assertValid(Revision revision, String definition, JsonNode message) {
        Schema schema = SCHEMAS.computeIfAbsent(revision.id() + "#" + definition, key -> {
            ObjectNode wrapper = ((ObjectNode) document(revision)).deepCopy();
            wrapper.put("$ref", "#/$defs/" + definition);
            return REGISTRY.getSchema(wrapper);
        });
        List<Error> errors = schema.validate(message);
        assertThat(errors).as("%s valid against %s %s", message, revision.id(), definition).isEmpty();
    }

    private static JsonNode document(Revision revision) {
        return DOCUMENTS.computeIfAbsent(revision, r -> {
            try {
                return Wire.JSON.readTree(Files.readString(SPEC.resolve("schema-" + r.id() + ".json")));
            } catch (java.io.IOException e) {
                throw new IllegalStateException("The shared spec folder is missing: " + SPEC.toAbsolutePath(), e);
            }
        });
    }
}
