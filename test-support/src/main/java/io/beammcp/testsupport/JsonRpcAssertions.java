package io.beammcp.testsupport;

import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/** Assertions on a JSON-RPC response as it came off the wire. */
public final class JsonRpcAssertions {

    private JsonRpcAssertions() {
    }

    /** An error response with {@code code} and no result, echoing {@code id} ({@code null}: no id member). */
    public static void assertError(JsonNode response, Object id, int code) {
        assertThat(response).as("a response").isNotNull();
        assertThat(response.has("result")).as("no result in %s", response).isFalse();
        assertThat(response.path("error").path("code").asInt()).as("error code of %s", response).isEqualTo(code);
        if (id == null) {
            assertThat(response.has("id")).as("id omitted in %s", response).isFalse();
        } else {
            assertThat(response.get("id")).isEqualTo(Messages.JSON.valueToTree(id));
        }
    }

    /** The result of a response that is not an error. */
    public static JsonNode result(JsonNode response) {
        assertThat(response).as("a response").isNotNull();
        assertThat(response.has("error")).as("no error in %s", response).isFalse();
        return response.get("result");
    }
}
