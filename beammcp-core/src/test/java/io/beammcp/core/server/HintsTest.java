package io.beammcp.core.server;

import io.beammcp.core.annotation.McpTool;
import io.beammcp.core.annotation.McpTool.Hint;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The hints a tool's annotation writes are the hints {@code tools/list} sends: {@code readOnly} (a boolean) only
 * when true; {@code destructive}, {@code idempotent} and {@code openWorld} as written when set, {@code true} or
 * {@code false}, and left out when unset, so that a client applies the specification's default.
 */
class HintsTest {

    static final class Tools {

        @McpTool
        String plain() {
            return "";
        }

        @McpTool(readOnly = true, destructive = Hint.FALSE, idempotent = Hint.FALSE, openWorld = Hint.FALSE)
        String allFalse() {
            return "";
        }

        @McpTool(destructive = Hint.TRUE, idempotent = Hint.TRUE, openWorld = Hint.TRUE)
        String allTrue() {
            return "";
        }
    }

    @Test
    void eachHintIsSentAsWrittenAndAnUnsetOneIsLeftOut() {
        Wire wire = new Wire(McpServer.builder().annotated("tools", new Tools()).build());
        Map<String, String> annotations = new HashMap<>();
        for (JsonNode tool : wire.modern(1, "tools/list", "").at("/result/tools")) {
            annotations.put(tool.get("name").asString(), String.valueOf(tool.get("annotations")));
        }
        assertThat(annotations).containsEntry("plain", "null")
                .containsEntry("allFalse", "{\"readOnlyHint\":true,\"destructiveHint\":false,"
                        + "\"idempotentHint\":false,\"openWorldHint\":false}")
                .containsEntry("allTrue", "{\"destructiveHint\":true,\"idempotentHint\":true,\"openWorldHint\":true}");
    }
}
