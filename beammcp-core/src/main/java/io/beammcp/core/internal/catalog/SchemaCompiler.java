package io.beammcp.core.internal.catalog;

import com.networknt.schema.Error;
import com.networknt.schema.ExecutionConfig;
import com.networknt.schema.ExecutionContext;
import com.networknt.schema.OutputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.dialect.Dialect;
import com.networknt.schema.dialect.Dialects;
import com.networknt.schema.keyword.AnnotationKeyword;
import com.networknt.schema.path.NodePath;
import com.networknt.schema.path.PathType;
import io.beammcp.core.internal.json.JsonCodec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

import java.util.List;
import java.util.Map;

/**
 * Checks and compiles tool schemas once, at startup, with a JSON Schema 2020-12 validator that never
 * loads anything from the network.
 */
public final class SchemaCompiler {

    private static final String META_SCHEMA = "https://json-schema.org/draft/2020-12/schema";
    private static final Logger log = LoggerFactory.getLogger(SchemaCompiler.class);
    /** What a value the validator failed on is refused with: the whole instance, unchecked. */
    private static final Error UNCHECKED = Error.builder().instanceLocation(new NodePath(PathType.JSON_PATH))
            .keyword("schema").message("cannot be checked against the schema").build();

    private final JsonCodec codec;
    private final SchemaRegistry registry;
    private final Schema metaSchema;
    /**
     * The registry's settings for one validation, built once, with annotation collection off as the library's
     * default output sets it: the library would build them anew on every call.
     */
    private final ExecutionConfig execution;

    public SchemaCompiler(JsonCodec codec) {
        this.codec = codec;
        // x-mcp-header is an annotation the server reads itself (HeaderParams), not an unknown keyword
        Dialect dialect = Dialect.builder(Dialects.getDraft202012())
                .keyword(new AnnotationKeyword("x-mcp-header")).keywords(ExactBounds.ALL).build();
        SchemaRegistryConfig config = SchemaRegistryConfig.builder().pathType(PathType.JSON_PATH).build();
        this.registry = SchemaRegistry.withDefaultDialect(dialect,
                builder -> builder.schemaLoader(loader -> loader.fetchRemoteResources(false)).schemaRegistryConfig(config));
        this.execution = ExecutionConfig.builder().locale(config.getLocale())
                .formatAssertionsEnabled(config.getFormatAssertionsEnabled()).failFast(config.isFailFast())
                .annotationCollectionEnabled(false).build();
        this.metaSchema = registry.getSchema(SchemaLocation.of(META_SCHEMA));
    }

    /**
     * Parses, checks and compiles one schema; throws {@link IllegalArgumentException} saying what is wrong
     * (the caller names the tool).
     */
    public Compiled compile(String json, String role) {
        JsonNode node = codec.readDocument(json, role);
        if (!node.isObject()) {
            throw new IllegalArgumentException(role + " must be a JSON object");
        }
        String remote = findRemoteRef(node);
        if (remote != null) {
            throw new IllegalArgumentException(role + " uses a remote reference (" + remote
                    + "); only local references starting with '#' are allowed");
        }
        List<Error> problems = metaSchema.validate(node);
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(role + " is not a valid JSON Schema 2020-12 document: "
                    + problems.get(0));
        }
        if (!"object".equals(node.path("type").asString(null))) {
            throw new IllegalArgumentException(role + " must have \"type\": \"object\" at its root");
        }
        Schema schema;
        try {
            schema = registry.getSchema(node);
            schema.initializeValidators();
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(role + " cannot be compiled: " + e.getMessage());
        }
        return new Compiled(node, schema, execution);
    }

    private static String findRemoteRef(JsonNode node) {
        if (node.isObject()) {
            for (Map.Entry<String, JsonNode> e : node.properties()) {
                String key = e.getKey();
                JsonNode value = e.getValue();
                if (("$ref".equals(key) || "$dynamicRef".equals(key)) && value.isString()
                        && !value.stringValue().startsWith("#")) {
                    return value.stringValue();
                }
                String inner = findRemoteRef(value);
                if (inner != null) {
                    return inner;
                }
            }
        } else if (node.isArray()) {
            for (JsonNode item : node) {
                String inner = findRemoteRef(item);
                if (inner != null) {
                    return inner;
                }
            }
        }
        return null;
    }

    /** A checked schema: the document as the host wrote it, and its compiled validator. */
    public record Compiled(JsonNode document, Schema schema, ExecutionConfig execution) {

        /**
         * The violations of the instance; a validator that fails on it refuses it, so a defect of a keyword on some
         * value (or a host's pattern that recurses past the stack on a long string, as {@code ^(a|b)*$} does) is a
         * refusal of that request, never a failed transport.
         */
        public List<Error> validate(JsonNode instance) {
            try {
                return schema.validate(new ExecutionContext(execution), instance, ERRORS);
            } catch (RuntimeException | StackOverflowError e) {
                // the exception's message may quote the value: the log gets where it was thrown, not what
                StackTraceElement[] at = e.getStackTrace();
                log.warn("The schema validator failed on a value, which is refused: {} at {}", e.getClass().getName(),
                        at.length == 0 ? "?" : at[0]);
                return List.of(UNCHECKED);
            }
        }
    }

    /** {@link OutputFormat#DEFAULT}'s list of errors, on an execution config that is already as it needs. */
    private static final OutputFormat<List<Error>> ERRORS = (schema, context, schemaContext) -> context.getErrors();
}
