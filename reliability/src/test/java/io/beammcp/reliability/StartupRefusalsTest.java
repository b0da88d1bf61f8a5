package io.beammcp.reliability;

import io.beammcp.core.catalog.Catalog;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import io.beammcp.core.server.McpServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static io.beammcp.reliability.CoreClient.assertError;
import static io.beammcp.reliability.CoreClient.result;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/** What a host's catalog cannot smuggle in: remote references anywhere, header marks where they cannot be checked. */
@Timeout(30)
class StartupRefusalsTest {

    private static McpServer server(String schema) {
        return McpServer.builder(Catalog.of(List.of(ToolSpec.builder("t").inputSchema(schema).build())),
                (n, a, c) -> ToolResult.of("ok")).build();
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "{\"type\":\"object\",\"properties\":{\"a\":{\"$ref\":\"https://example.com/s.json\"}}}",
            "{\"type\":\"object\",\"properties\":{\"a\":{\"items\":[{\"$ref\":\"file:///etc/passwd\"}]}}}",
            "{\"type\":\"object\",\"$defs\":{\"x\":{\"allOf\":[{\"$ref\":\"http://127.0.0.1/\"}]}}}",
            "{\"type\":\"object\",\"properties\":{\"a\":{\"$dynamicRef\":\"https://example.com/s.json#x\"}}}"})
    void aRemoteReferenceAnywhereIsRefusedAtStartupAndNeverFetched(String schema) {
        assertThatIllegalArgumentException().isThrownBy(() -> server(schema)).withMessageContaining("remote reference");
    }

    @Test
    void aNestedHeaderMarkReachableThroughPropertiesIsEnforced() {
        McpServer server = server("{\"type\":\"object\",\"properties\":{\"where\":{\"type\":\"object\",\"properties\":"
                + "{\"city\":{\"type\":\"string\",\"x-mcp-header\":\"City\"}}}}}");
        CoreClient client = new CoreClient(server).http();
        client.modernHeaders("tools/call", "t");
        String call = "\"name\":\"t\",\"arguments\":{\"where\":{\"city\":\"Oslo\"}}";
        assertError(client.modern(1, "tools/call", call), 1, -32020);
        client.header("Mcp-Param-City", "Oslo");
        assertThat(result(client.modern(2, "tools/call", call)).has("isError")).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"x-mcp-header\":\"A\"}}}}",
            "{\"type\":\"object\",\"allOf\":[{\"properties\":{\"a\":{\"type\":\"string\",\"x-mcp-header\":\"A\"}}}]}",
            "{\"type\":\"object\",\"$defs\":{\"a\":{\"type\":\"string\",\"x-mcp-header\":\"A\"}}}",
            "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"string\",\"x-mcp-header\":\"A\"},"
                    + "\"b\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"x-mcp-header\":\"B\"}}}}"})
    void aHeaderMarkThatCannotBeCheckedIsRefusedAtStartup(String schema) {
        assertThatIllegalArgumentException().isThrownBy(() -> server(schema)).withMessageContaining("x-mcp-header");
    }
}
