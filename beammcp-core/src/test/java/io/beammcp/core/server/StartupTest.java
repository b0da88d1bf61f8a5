package io.beammcp.core.server;

import io.beammcp.core.catalog.Catalog;
import io.beammcp.core.InvalidCatalogException;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatNoException;

class StartupTest {

    private static McpServerBuilder builder(ToolSpec... tools) {
        return McpServer.builder(Catalog.of(List.of(tools)), (n, a, c) -> ToolResult.of("ok"));
    }

    private static ToolSpec withInput(String name, String schema) {
        return ToolSpec.builder(name).inputSchema(schema).build();
    }

    @Test
    void aCatalogWhoseToolListIsNullIsRefused() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> McpServer.builder(() -> null, (n, a, c) -> null).build())
                .withMessage("Catalog.tools() returned null; return an empty list for no tools");
    }

    @Test
    void aNullToolIsRefused() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> McpServer.builder(() -> Arrays.asList((ToolSpec) null), (n, a, c) -> null).build())
                .withMessage("Catalog.tools() holds a null tool");
    }

    @Test
    void anEmptyCatalogIsFine() {
        assertThatNoException().isThrownBy(() -> builder().build());
    }

    @Test
    void aDuplicateToolNameIsRefusedByName() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> builder(ToolSpec.builder("twice").build(), ToolSpec.builder("twice").build()).build())
                .withMessage("Tool name 'twice' is declared twice");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "has space", "slash/name", "ünïcode",
            "a234567890123456789012345678901234567890123456789012345678901234x"})
    void aToolNameOutsideThePatternIsRefused(String name) {
        assertThatIllegalArgumentException().isThrownBy(() -> builder(ToolSpec.builder(name).build()).build())
                .withMessageStartingWith("Tool name '" + name + "' must match ^[A-Za-z0-9_.-]{1,64}$");
    }

    @Test
    void aSixtyFourCharacterNameIsFine() {
        assertThatNoException().isThrownBy(() -> builder(ToolSpec.builder("a".repeat(64)).build()).build());
    }

    @Test
    void aNullToolNameIsRefused() {
        assertThatIllegalArgumentException().isThrownBy(() -> builder(ToolSpec.builder(null).build()).build())
                .withMessageStartingWith("Tool name 'null' must match");
    }

    @Test
    void anInputSchemaThatIsNotJsonIsRefusedNamingTheToolTheLineAndTheColumn() {
        assertThatExceptionOfType(InvalidCatalogException.class)
                .isThrownBy(() -> builder(withInput("t", "{type:")).build())
                .withMessageStartingWith("Tool 't': input schema is not valid JSON at line 1, column 2: ");
        String trailingComma = "{\"type\": \"object\",\n \"properties\": {\"a\": {\"type\": \"string\"},}}";
        assertThatExceptionOfType(InvalidCatalogException.class)
                .isThrownBy(() -> builder(withInput("t", trailingComma)).build())
                .withMessage("Tool 't': input schema is not valid JSON at line 2, column 41: Unexpected character ('}' "
                        + "(code 125)): was expecting double-quote to start property name");
    }

    @Test
    void anInputSchemaThatIsNotAValidSchemaDocumentIsRefused() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> builder(withInput("t", "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"strnig\"}}}"))
                        .build())
                .withMessageStartingWith("Tool 't': input schema is not a valid JSON Schema 2020-12 document");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> builder(withInput("u", "{\"type\":\"object\",\"required\":\"a\"}")).build())
                .withMessageStartingWith("Tool 'u': input schema is not a valid JSON Schema 2020-12 document");
        assertThatIllegalArgumentException().isThrownBy(() -> builder(withInput("v", "[]")).build())
                .withMessage("Tool 'v': input schema must be a JSON object");
    }

    @Test
    void aRemoteReferenceIsRefusedAndNeverFetched() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> builder(withInput("t", "{\"type\":\"object\",\"properties\":{\"a\":"
                        + "{\"$ref\":\"https://example.com/evil.json\"}}}")).build())
                .withMessage("Tool 't': input schema uses a remote reference (https://example.com/evil.json); "
                        + "only local references starting with '#' are allowed");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> builder(withInput("u", "{\"type\":\"object\",\"$ref\":\"other.json\"}")).build())
                .withMessageContaining("remote reference (other.json)");
    }

    @Test
    void localReferencesAreFine() {
        assertThatNoException().isThrownBy(() -> builder(withInput("t", "{\"type\":\"object\",\"properties\":{\"a\":"
                + "{\"$ref\":\"#/$defs/x\"}},\"$defs\":{\"x\":{\"type\":\"string\"}}}")).build());
    }

    @Test
    void anInputSchemaWithoutAnObjectRootIsRefused() {
        assertThatIllegalArgumentException().isThrownBy(() -> builder(withInput("t", "{\"type\":\"array\"}")).build())
                .withMessage("Tool 't': input schema must have \"type\": \"object\" at its root");
    }

    @Test
    void anOutputSchemaWithoutAnObjectRootIsRefused() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> builder(ToolSpec.builder("t").outputSchema("{\"type\":\"string\"}").build()).build())
                .withMessage("Tool 't': output schema must have \"type\": \"object\" at its root");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> builder(ToolSpec.builder("t").outputSchema("{\"properties\":{}}").build()).build())
                .withMessage("Tool 't': output schema must have \"type\": \"object\" at its root");
    }

    @Test
    void anInvalidOutputSchemaIsRefused() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> builder(ToolSpec.builder("t").outputSchema("{\"type\":\"object\",\"minProperties\":-1}")
                        .build()).build())
                .withMessageStartingWith("Tool 't': output schema is not a valid JSON Schema 2020-12 document");
    }

    @Test
    void aCacheScopeOtherThanPublicOrPrivateIsRefused() {
        assertThatIllegalArgumentException().isThrownBy(() -> builder().cache(CachedResult.TOOLS, Duration.ZERO, "shared"))
                .withMessage("A cache scope must be \"public\" or \"private\", was \"shared\"");
        assertThatIllegalArgumentException().isThrownBy(() -> builder().cache(CachedResult.DISCOVER, Duration.ZERO, "Public"))
                .withMessage("A cache scope must be \"public\" or \"private\", was \"Public\"");
    }

    @Test
    void aNegativeTtlIsRefused() {
        assertThatIllegalArgumentException().isThrownBy(() -> builder().cache(CachedResult.TOOLS, Duration.ofSeconds(-1), "public"))
                .withMessage("A cache TTL must not be negative, was -1000 ms");
    }

    @ParameterizedTest
    @ValueSource(ints = {0, -1})
    void aNonPositivePageSizeIsRefused(int size) {
        assertThatIllegalArgumentException().isThrownBy(() -> builder().pageSize(size).build())
                .withMessage("Page size must be positive, was " + size);
    }

    @Test
    void aNonPositiveMessageSizeIsRefused() {
        assertThatIllegalArgumentException().isThrownBy(() -> builder().maxMessageSize(0).build())
                .withMessage("Maximum message size must be positive, was 0");
    }

    @Test
    void headerMarksTheSpecificationForbidsAreRefused() {
        assertThatIllegalArgumentException().isThrownBy(() -> builder(withInput("t", "{\"type\":\"object\","
                + "\"properties\":{\"r\":{\"type\":\"number\",\"x-mcp-header\":\"Region\"}}}")).build())
                .withMessage("Tool 't': input schema has an x-mcp-header on 'r', whose type must be string, integer or boolean");
        assertThatIllegalArgumentException().isThrownBy(() -> builder(withInput("t", "{\"type\":\"object\","
                + "\"properties\":{\"r\":{\"type\":\"string\",\"x-mcp-header\":\"Re gion\"}}}")).build())
                .withMessage("Tool 't': input schema has an x-mcp-header on 'r' that is not a non-empty header token");
        assertThatIllegalArgumentException().isThrownBy(() -> builder(withInput("t", "{\"type\":\"object\","
                + "\"properties\":{\"a\":{\"type\":\"string\",\"x-mcp-header\":\"Region\"},"
                + "\"b\":{\"type\":\"string\",\"x-mcp-header\":\"region\"}}}")).build())
                .withMessage("Tool 't': input schema repeats x-mcp-header \"region\"");
        assertThatIllegalArgumentException().isThrownBy(() -> builder(withInput("t", "{\"type\":\"object\","
                + "\"properties\":{\"a\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"x-mcp-header\":\"X\"}}}}"))
                .build())
                .withMessage("Tool 't': input schema uses x-mcp-header outside properties reachable from the root "
                        + "through properties alone");
    }
}
