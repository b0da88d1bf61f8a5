package io.beammcp.core.server;

import io.beammcp.core.spi.Reply;
import io.beammcp.core.CallContext;
import io.beammcp.core.catalog.Catalog;
import io.beammcp.core.Content;
import io.beammcp.core.catalog.Dispatch;
import io.beammcp.core.InputRequest;
import io.beammcp.core.PromptArgument;
import io.beammcp.core.PromptMessage;
import io.beammcp.core.PromptResult;
import io.beammcp.core.PromptSpec;
import io.beammcp.core.ReadResult;
import io.beammcp.core.ResourceContents;
import io.beammcp.core.ResourceSpec;
import io.beammcp.core.Revision;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import io.beammcp.core.internal.session.Session;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;

import static io.beammcp.core.server.Wire.assertError;
import static io.beammcp.core.server.Wire.result;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Host code asking the client for input through one API: in 2026-07-28 an {@code input_required} result with a
 * sealed {@code requestState} and a retry, in 2025-11-25 real server-to-client requests answered on the
 * session.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class InputRequiredTest {

    private static final byte[] SHARED_KEY = "a shared secret of at least 32 bytes!".getBytes(StandardCharsets.UTF_8);
    private static final String ALL_CAPABILITIES = "{\"elicitation\":{},\"sampling\":{},\"roots\":{}}";
    private static final Map<String, Object> NAME_SCHEMA = Map.of("type", "object",
            "properties", Map.of("name", Map.of("type", "string")), "required", List.of("name"));

    private final ExecutorService hostThreads = Executors.newCachedThreadPool();
    private final AtomicInteger runs = new AtomicInteger();

    @AfterEach
    void stop() {
        hostThreads.shutdownNow();
    }

    /** greet asks a name; tour asks a name, then a colour; pick asks only for what the client can give. */
    private final Dispatch dispatch = (name, args, context) -> {
        runs.incrementAndGet();
        switch (name) {
            case "greet": {
                Map<String, Object> answer = context.ask("user_name", InputRequest.elicitation("Your name?", NAME_SCHEMA));
                return answer == null ? ToolResult.error("no answer") : ToolResult.of("Hello, " + content(answer, "name"));
            }
            case "tour": {
                Map<String, Object> first = context.ask("step1", InputRequest.elicitation("Your name?", NAME_SCHEMA));
                Map<String, Object> second = context.ask("step2", InputRequest.sampling("Pick a colour", 10));
                return ToolResult.of(content(first, "name") + " likes " + content(second, "text"));
            }
            case "pick": {
                Map<String, InputRequest> possible = new java.util.LinkedHashMap<>();
                possible.put("name", InputRequest.elicitation("Your name?", NAME_SCHEMA));
                possible.put("capital", InputRequest.sampling("Capital of France?", 10));
                possible.values().removeIf(request -> !context.canRequest(request));
                context.requireInput(possible);
                return ToolResult.of("never");
            }
            case "swallow": {
                try {
                    context.requireInput(Map.of("k", InputRequest.roots()));
                } catch (RuntimeException ignored) {
                    // a host that catches everything still ends the round
                }
                return ToolResult.of("swallowed");
            }
            default:
                return ToolResult.of("roots: " + context.ask("roots", InputRequest.roots()));
        }
    };

    private static Object content(Map<String, Object> answer, String field) {
        Object content = answer.get("content");
        return content instanceof Map<?, ?> map ? map.get(field) : null;
    }

    private Wire server(UnaryOperator<McpServerBuilder> settings) {
        Catalog catalog = Catalog.of(List.of(tool("greet"), tool("tour"), tool("pick"), tool("swallow"), tool("roots"),
                ToolSpec.builder("echo").inputSchema("{\"type\":\"object\",\"properties\":{\"x\":{},\"y\":{}}}").build(),
                ToolSpec.builder("many").build()),
                List.of(ResourceSpec.builder("test://secret", "secret").build()),
                List.of(PromptSpec.of("personal", "Asks for context"),
                        PromptSpec.of("topical", "Asks about a topic", PromptArgument.required("topic", "The topic"))));
        return new Wire(settings.apply(McpServer.builder(catalog, (name, args, ctx) -> {
                    if (name.equals("many")) {
                        // as many roots requests as the call's "count" argument says, under keys r0, r1, ...
                        Map<String, InputRequest> requests = new java.util.LinkedHashMap<>();
                        for (int i = 0; i < ((Number) ctx.clientInfo().getOrDefault("count", 1)).intValue(); i++) {
                            requests.put(i == 0 && ctx.clientInfo().containsKey("emptyKey") ? "" : "r" + i,
                                    InputRequest.roots());
                        }
                        ctx.requireInput(requests);
                    }
                    return name.equals("echo") ? ToolResult.of("echo " + ctx.ask("ok", InputRequest.roots()))
                            : dispatch.call(name, args, ctx);
                })
                .promptRenderer((name, arguments, context) -> {
                    Map<String, Object> answer = context.ask("user_context",
                            InputRequest.elicitation("Context?", NAME_SCHEMA));
                    return PromptResult.of(PromptMessage.user(Content.text("with " + content(answer, "name"))));
                })
                .resourceReader((uri, context) -> {
                    Map<String, Object> answer = context.ask("consent", InputRequest.elicitationUrl("Sign in",
                            "https://example.com/consent"));
                    return ReadResult.of(ResourceContents.text(uri, "text/plain", "read after " + answer.get("action")));
                })
                .serverName("test-server").serverVersion("1.2.3")).build());
    }

    private Wire server() {
        return server(b -> b.inputStateKey(SHARED_KEY));
    }

    private static ToolSpec tool(String name) {
        return ToolSpec.builder(name).build();
    }

    private static String call(String tool, String extra, String capabilities) {
        return Wire.modernText(1, "tools/call", "\"name\":\"" + tool + "\"" + (extra == null ? "" : "," + extra),
                "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                        + "\"io.modelcontextprotocol/clientCapabilities\":" + capabilities + "}");
    }

    private static String retry(String tool, String responses, JsonNode state) {
        return call(tool, "\"inputResponses\":" + responses + (state == null ? "" : ",\"requestState\":" + state),
                ALL_CAPABILITIES);
    }

    private static final String ALICE = "{\"user_name\":{\"action\":\"accept\",\"content\":{\"name\":\"Alice\"}}}";

    // ---- 2026-07-28 ----------------------------------------------------------------------------------

    @Test
    void aFirstRoundAnswersInputRequiredWithTheRequestsAndASealedState() {
        JsonNode response = server().send(call("greet", null, ALL_CAPABILITIES));
        JsonNode result = result(response);
        assertThat(result.path("resultType").stringValue()).isEqualTo("input_required");
        JsonNode request = result.path("inputRequests").path("user_name");
        assertThat(request.path("method").stringValue()).isEqualTo("elicitation/create");
        assertThat(request.path("params").path("message").stringValue()).isEqualTo("Your name?");
        assertThat(request.path("params").path("requestedSchema").path("required").get(0).stringValue()).isEqualTo("name");
        assertThat(result.path("requestState").stringValue()).startsWith("v1.");
        assertThat(result.has("ttlMs")).as("no caching fields").isFalse();
        assertThat(result.path("_meta").path("io.modelcontextprotocol/serverInfo").path("name").stringValue())
                .isEqualTo("test-server");
    }

    @Test
    void theRetryWithTheAnswerAndTheStateCompletes() {
        Wire wire = server();
        JsonNode state = result(wire.send(call("greet", null, ALL_CAPABILITIES))).get("requestState");
        JsonNode result = result(wire.send(retry("greet", ALICE, state)));
        assertThat(result.path("resultType").stringValue()).isEqualTo("complete");
        assertThat(result.path("content").get(0).path("text").stringValue()).isEqualTo("Hello, Alice");
        JsonNode withEmptyArguments = result(wire.send(call("greet", "\"arguments\":{},\"inputResponses\":" + ALICE
                + ",\"requestState\":" + state, ALL_CAPABILITIES)));
        assertThat(withEmptyArguments.path("resultType").stringValue()).as("absent arguments equal {}")
                .isEqualTo("complete");
    }

    @Test
    void aMultiRoundFlowCompletesAcrossTwoInstancesSharingAKeyWithEarlierAnswersCarriedInTheState() {
        Wire first = server();
        Wire second = server();
        JsonNode round1 = result(first.send(call("tour", null, ALL_CAPABILITIES)));
        assertThat(round1.path("inputRequests").has("step1")).isTrue();
        JsonNode round2 = result(second.send(retry("tour",
                "{\"step1\":{\"action\":\"accept\",\"content\":{\"name\":\"Alice\"}}}", round1.get("requestState"))));
        assertThat(round2.path("resultType").stringValue()).isEqualTo("input_required");
        assertThat(round2.path("inputRequests").path("step2").path("method").stringValue())
                .isEqualTo("sampling/createMessage");
        assertThat(round2.get("requestState")).isNotEqualTo(round1.get("requestState"));
        // round 3 answers only step2: step1's answer comes back from the state, verified by the other instance
        JsonNode round3 = result(first.send(retry("tour", "{\"step2\":{\"role\":\"assistant\",\"content\":"
                + "{\"type\":\"text\",\"text\":\"blue\"},\"model\":\"m\"}}", round2.get("requestState"))));
        assertThat(round3.path("content").get(0).path("text").stringValue()).isEqualTo("Alice likes blue");
    }

    @Test
    void aStateSealedWithAnotherKeyIsRefused() {
        JsonNode state = result(server(b -> b.inputStateKey("another secret of at least 32 bytes!!"
                .getBytes(StandardCharsets.UTF_8))).send(call("greet", null, ALL_CAPABILITIES))).get("requestState");
        Wire wire = server();
        int before = runs.get();
        JsonNode response = wire.send(retry("greet", ALICE, state));
        assertError(response, 1, -32602);
        assertThat(response.path("error").path("message").stringValue()).contains("integrity");
        assertThat(runs.get()).as("host code never ran").isEqualTo(before);
    }

    @Test
    void aTamperedStateIsRefusedBeforeHostCodeRuns() {
        Wire wire = server();
        String state = result(wire.send(call("greet", null, ALL_CAPABILITIES))).get("requestState").stringValue();
        int before = runs.get();
        String[] parts = state.split("\\.");
        String payload = new String(java.util.Base64.getUrlDecoder().decode(parts[1]), StandardCharsets.UTF_8);
        String forged = parts[0] + "." + java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(
                payload.replace("\"r\":{}", "\"r\":" + ALICE).getBytes(StandardCharsets.UTF_8)) + "." + parts[2];
        for (String tampered : List.of(state + "-TAMPERED", forged, "v1.e30.", "garbage", "")) {
            JsonNode response = wire.send(retry("greet", "{}", Wire.JSON.getNodeFactory().stringNode(tampered)));
            assertError(response, 1, -32602);
        }
        assertThat(runs.get()).isEqualTo(before);
    }

    @Test
    void anExpiredStateIsRefused() throws Exception {
        Wire wire = server(b -> b.inputStateKey(SHARED_KEY).inputStateTtl(Duration.ofMillis(1)));
        JsonNode state = result(wire.send(call("greet", null, ALL_CAPABILITIES))).get("requestState");
        Thread.sleep(20);
        JsonNode response = wire.send(retry("greet", ALICE, state));
        assertError(response, 1, -32602);
        assertThat(response.path("error").path("message").stringValue()).contains("expired");
    }

    @Test
    void aStateReplayedAgainstAnotherToolOrOtherArgumentsIsRefused() {
        Wire wire = server();
        JsonNode state = result(wire.send(call("echo", "\"arguments\":{\"x\":1}", ALL_CAPABILITIES))).get("requestState");
        String answer = "{\"ok\":{\"roots\":[]}}";
        assertError(wire.send(call("roots", "\"inputResponses\":" + answer + ",\"requestState\":" + state,
                ALL_CAPABILITIES)), 1, -32602);
        assertError(wire.send(call("echo", "\"arguments\":{\"x\":2},\"inputResponses\":" + answer
                + ",\"requestState\":" + state, ALL_CAPABILITIES)), 1, -32602);
        JsonNode same = result(wire.send(call("echo", "\"arguments\":{\"x\":1},\"inputResponses\":" + answer
                + ",\"requestState\":" + state, ALL_CAPABILITIES)));
        assertThat(same.path("content").get(0).path("text").stringValue()).startsWith("echo {roots=[]}");
    }

    @Test
    void theArgumentsDigestIgnoresMemberOrderButNotValuesNorArrayOrder() {
        Wire wire = server();
        String answer = ",\"inputResponses\":{\"ok\":{\"roots\":[]}},\"requestState\":";
        JsonNode state = result(wire.send(call("echo", "\"arguments\":{\"x\":[1,{\"a\":1,\"b\":2}],\"y\":2}",
                ALL_CAPABILITIES))).get("requestState");
        JsonNode reordered = result(wire.send(call("echo", "\"arguments\":{\"y\":2,\"x\":[1,{\"b\":2,\"a\":1}]}"
                + answer + state, ALL_CAPABILITIES)));
        assertThat(reordered.path("resultType").stringValue()).isEqualTo("complete");
        assertError(wire.send(call("echo", "\"arguments\":{\"x\":[{\"a\":1,\"b\":2},1],\"y\":2}" + answer + state,
                ALL_CAPABILITIES)), 1, -32602);
        assertError(wire.send(call("echo", "\"arguments\":{\"x\":[1,{\"a\":1,\"b\":3}],\"y\":2}" + answer + state,
                ALL_CAPABILITIES)), 1, -32602);
    }

    @Test
    void aPromptStateIsBoundToThePromptsArguments() {
        Wire wire = server();
        String meta = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                + "\"io.modelcontextprotocol/clientCapabilities\":" + ALL_CAPABILITIES + "}";
        JsonNode state = result(wire.send(Wire.modernText(1, "prompts/get",
                "\"name\":\"topical\",\"arguments\":{\"topic\":\"a\"}", meta))).get("requestState");
        String answer = ",\"inputResponses\":{\"user_context\":{\"action\":\"accept\",\"content\":{\"name\":\"n\"}}},"
                + "\"requestState\":" + state;
        assertError(wire.send(Wire.modernText(2, "prompts/get", "\"name\":\"topical\",\"arguments\":{\"topic\":\"b\"}"
                + answer, meta)), 2, -32602);
        assertThat(result(wire.send(Wire.modernText(3, "prompts/get", "\"name\":\"topical\",\"arguments\":"
                + "{\"topic\":\"a\"}" + answer, meta))).path("messages").get(0).path("content").path("text").stringValue())
                .isEqualTo("with n");
    }

    @Test
    void serversWithoutAKeyEachSealWithARandomOneOfTheirOwn() {
        JsonNode state = result(server(b -> b).send(call("greet", null, ALL_CAPABILITIES))).get("requestState");
        assertError(server(b -> b).send(retry("greet", ALICE, state)), 1, -32602);
    }

    @Test
    void answersOfTheWrongShapeForWhatWasAskedAreInvalidParams() {
        Wire wire = server();
        JsonNode state = result(wire.send(call("tour", "\"inputResponses\":{\"step1\":{\"action\":\"accept\","
                + "\"content\":{\"name\":\"A\"}}}", ALL_CAPABILITIES))).get("requestState");
        for (String wrong : List.of("{\"action\":\"accept\"}", "{\"role\":\"assistant\",\"content\":\"x\",\"model\":\"m\"}",
                "{\"role\":\"assistant\",\"content\":{}}")) {
            assertError(wire.send(retry("tour", "{\"step2\":" + wrong + "}", state)), 1, -32602);
        }
        JsonNode rootsState = result(wire.send(call("roots", null, ALL_CAPABILITIES))).get("requestState");
        for (String wrong : List.of("{\"roots\":\"x\"}", "{\"roots\":[{\"name\":\"n\"}]}", "{\"roots\":[1]}", "{}")) {
            assertError(wire.send(retry("roots", "{\"roots\":" + wrong + "}", rootsState)), 1, -32602);
        }
        JsonNode fine = result(wire.send(retry("roots", "{\"roots\":{\"roots\":[{\"uri\":\"file:///a\"}]}}", rootsState)));
        assertThat(fine.path("content").get(0).path("text").stringValue()).isEqualTo("roots: {roots=[{uri=file:///a}]}");
    }

    @Test
    void aRoundAsksAtMost64ThingsUnderNonEmptyKeys() {
        Wire wire = server();
        String info = "\"io.modelcontextprotocol/clientInfo\":{\"name\":\"t\",\"version\":\"1\",";
        String meta = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                + "\"io.modelcontextprotocol/clientCapabilities\":" + ALL_CAPABILITIES + "," + info;
        JsonNode sixtyFour = result(wire.send(Wire.modernText(1, "tools/call", "\"name\":\"many\"",
                meta + "\"count\":64}}")));
        assertThat(sixtyFour.path("inputRequests").size()).isEqualTo(64);
        assertError(wire.send(Wire.modernText(2, "tools/call", "\"name\":\"many\"", meta + "\"count\":65}}")), 2, -32603);
        assertError(wire.send(Wire.modernText(3, "tools/call", "\"name\":\"many\"", meta + "\"emptyKey\":true}}")), 3,
                -32603);
    }

    @Test
    void inputForACapabilityTheRequestDidNotDeclareIsMinus32021WithTheCapabilitiesAsAnObject() {
        JsonNode response = server().send(call("greet", null, "{\"sampling\":{}}"));
        assertError(response, 1, -32021);
        assertThat(response.path("error").path("data").path("requiredCapabilities").path("elicitation").has("form"))
                .isTrue();
        assertThat(response.path("error").path("message").stringValue()).endsWith(": elicitation.form");
        JsonNode urlOnly = server().send(call("greet", null, "{\"elicitation\":{\"url\":{}}}"));
        assertError(urlOnly, 1, -32021);
    }

    @Test
    void hostCodeAsksOnlyForWhatTheClientDeclared() {
        JsonNode result = result(server().send(call("pick", null, "{\"sampling\":{}}")));
        assertThat(result.path("resultType").stringValue()).isEqualTo("input_required");
        assertThat(result.path("inputRequests").propertyNames()).containsExactly("capital");
    }

    @Test
    void hostCodeSwallowingTheSignalStillEndsTheRound() {
        JsonNode result = result(server().send(call("swallow", null, ALL_CAPABILITIES)));
        assertThat(result.path("resultType").stringValue()).isEqualTo("input_required");
        assertThat(result.path("inputRequests").path("k").path("method").stringValue()).isEqualTo("roots/list");
    }

    @Test
    void malformedInputResponsesAreInvalidParams() {
        Wire wire = server();
        assertError(wire.send(retry("greet", "null", null)), 1, -32602);
        assertError(wire.send(retry("greet", "{\"user_name\":12345}", null)), 1, -32602);
        assertError(wire.send(retry("greet", "[]", null)), 1, -32602);
        assertError(wire.send(call("greet", "\"requestState\":42", ALL_CAPABILITIES)), 1, -32602);
        // an answer of the wrong shape for what the state says was asked
        JsonNode state = result(wire.send(call("greet", null, ALL_CAPABILITIES))).get("requestState");
        assertError(wire.send(retry("greet", "{\"user_name\":{\"roots\":[]}}", state)), 1, -32602);
        assertError(wire.send(retry("greet", "{\"user_name\":{\"action\":\"maybe\"}}", state)), 1, -32602);
    }

    @Test
    void aMissingAnswerIsAskedAgainAndExtraKeysAreIgnored() {
        Wire wire = server();
        JsonNode again = result(wire.send(retry("greet", "{\"wrong_key\":{\"action\":\"accept\"}}", null)));
        assertThat(again.path("resultType").stringValue()).isEqualTo("input_required");
        assertThat(again.path("inputRequests").has("user_name")).isTrue();
        JsonNode done = result(wire.send(retry("greet", "{\"user_name\":{\"action\":\"accept\",\"content\":"
                + "{\"name\":\"Bob\"}},\"unknown_extra_key\":{\"action\":\"accept\"}}", null)));
        assertThat(done.path("content").get(0).path("text").stringValue()).isEqualTo("Hello, Bob");
    }

    @Test
    void promptsAndResourcesAskForInputLikeTools() {
        Wire wire = server();
        String allMeta = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                + "\"io.modelcontextprotocol/clientCapabilities\":" + ALL_CAPABILITIES + "}";
        JsonNode prompt = result(wire.send(Wire.modernText(1, "prompts/get", "\"name\":\"personal\"", allMeta)));
        assertThat(prompt.path("inputRequests").path("user_context").path("method").stringValue())
                .isEqualTo("elicitation/create");
        JsonNode rendered = result(wire.send(Wire.modernText(2, "prompts/get", "\"name\":\"personal\",\"inputResponses\":"
                + "{\"user_context\":{\"action\":\"accept\",\"content\":{\"name\":\"ctx\"}}},\"requestState\":"
                + prompt.get("requestState"), allMeta)));
        assertThat(rendered.path("messages").get(0).path("content").path("text").stringValue()).isEqualTo("with ctx");

        String urlCapable = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                + "\"io.modelcontextprotocol/clientCapabilities\":{\"elicitation\":{\"url\":{}}}}";
        JsonNode read = result(wire.send(Wire.modernText(3, "resources/read", "\"uri\":\"test://secret\"", urlCapable)));
        assertThat(read.path("resultType").stringValue()).isEqualTo("input_required");
        assertThat(read.has("ttlMs")).isFalse();
        JsonNode consent = read.path("inputRequests").path("consent").path("params");
        assertThat(consent.path("mode").stringValue()).isEqualTo("url");
        assertThat(consent.has("elicitationId")).as("no elicitationId in 2026-07-28").isFalse();
        JsonNode contents = result(wire.send(Wire.modernText(4, "resources/read", "\"uri\":\"test://secret\","
                + "\"inputResponses\":{\"consent\":{\"action\":\"accept\"}},\"requestState\":" + read.get("requestState"),
                urlCapable)));
        assertThat(contents.path("contents").get(0).path("text").stringValue()).isEqualTo("read after accept");
        // a state of the prompt is foreign to the resource
        assertError(wire.send(Wire.modernText(5, "resources/read", "\"uri\":\"test://secret\",\"requestState\":"
                + prompt.get("requestState"), urlCapable)), 5, -32602);
    }

    @Test
    void listsNeverAnswerInputRequired() {
        Wire wire = server();
        assertThat(result(wire.modern(1, "tools/list", null)).path("resultType").stringValue()).isEqualTo("complete");
        assertThat(result(wire.modern(2, "prompts/list", null)).path("resultType").stringValue()).isEqualTo("complete");
    }

    // ---- 2025-11-25 ----------------------------------------------------------------------------------

    private Wire legacySession(String capabilities, UnaryOperator<McpServerBuilder> settings) {
        Wire wire = server(settings);
        wire.legacy(0, "initialize", "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":" + capabilities
                + ",\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}");
        wire.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        return wire;
    }

    private static String legacyCall(Object id, String tool) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool + "\"}}";
    }

    private static JsonNode awaitRequest(Wire wire, int index) throws InterruptedException {
        for (int i = 0; i < 500 && wire.notifications.size() <= index; i++) {
            Thread.sleep(10);
        }
        assertThat(wire.notifications.size()).as("a request was sent").isGreaterThan(index);
        return wire.sent().get(index);
    }

    @Test
    void aLegacyCallSendsARealRequestAndContinuesWithTheAnswerFromAnotherThread() throws Exception {
        Wire wire = legacySession(ALL_CAPABILITIES, b -> b);
        CompletableFuture<Reply> reply = wire.sendAsync(legacyCall(7, "greet"), hostThreads);
        JsonNode request = awaitRequest(wire, 0);
        assertThat(request.path("method").stringValue()).isEqualTo("elicitation/create");
        assertThat(request.path("params").path("message").stringValue()).isEqualTo("Your name?");
        // the answer arrives as a separate message, on this thread, while host code waits on another
        JsonNode accepted = wire.send("{\"jsonrpc\":\"2.0\",\"id\":" + request.get("id") + ",\"result\":"
                + "{\"action\":\"accept\",\"content\":{\"name\":\"Alice\"}}}");
        assertThat(accepted).as("a response is not answered").isNull();
        JsonNode response = Wire.body(reply.get(10, TimeUnit.SECONDS));
        assertThat(result(response).path("content").get(0).path("text").stringValue()).isEqualTo("Hello, Alice");
        assertThat(result(response).has("resultType")).as("no resultType in 2025-11-25").isFalse();
        assertThat(runs.get()).as("host code ran once").isEqualTo(1);
        assertThat(Session.of(wire.session).awaiting()).isEmpty();
    }

    @Test
    void aLegacyMultiStepCallSendsOneRequestAfterAnother() throws Exception {
        Wire wire = legacySession(ALL_CAPABILITIES, b -> b);
        CompletableFuture<Reply> reply = wire.sendAsync(legacyCall(8, "tour"), hostThreads);
        JsonNode first = awaitRequest(wire, 0);
        wire.send("{\"jsonrpc\":\"2.0\",\"id\":" + first.get("id") + ",\"result\":{\"action\":\"accept\","
                + "\"content\":{\"name\":\"Ann\"}}}");
        JsonNode second = awaitRequest(wire, 1);
        assertThat(second.path("method").stringValue()).isEqualTo("sampling/createMessage");
        assertThat(second.get("id")).isNotEqualTo(first.get("id"));
        wire.send("{\"jsonrpc\":\"2.0\",\"id\":" + second.get("id") + ",\"result\":{\"role\":\"assistant\","
                + "\"content\":{\"type\":\"text\",\"text\":\"green\"},\"model\":\"m\"}}");
        JsonNode response = Wire.body(reply.get(10, TimeUnit.SECONDS));
        assertThat(result(response).path("content").get(0).path("text").stringValue()).isEqualTo("Ann likes green");
    }

    @Test
    void aLegacyClientThatNeverAnswersTimesOutAndItsRequestIsCancelled() throws Exception {
        Wire wire = legacySession(ALL_CAPABILITIES, b -> b.inputTimeout(Duration.ofMillis(200)));
        CompletableFuture<Reply> reply = wire.sendAsync(legacyCall(9, "greet"), hostThreads);
        JsonNode response = Wire.body(reply.get(10, TimeUnit.SECONDS));
        assertThat(result(response).path("isError").asBoolean()).isTrue();
        assertThat(result(response).path("content").get(0).path("text").stringValue()).isEqualTo("no answer");
        List<JsonNode> sent = wire.sent();
        assertThat(sent).hasSize(2);
        assertThat(sent.get(1).path("method").stringValue()).isEqualTo("notifications/cancelled");
        assertThat(sent.get(1).path("params").path("requestId")).isEqualTo(sent.get(0).get("id"));
        assertThat(Session.of(wire.session).awaiting()).isEmpty();
        // a late answer is ignored
        assertThat(wire.send("{\"jsonrpc\":\"2.0\",\"id\":" + sent.get(0).get("id") + ",\"result\":{}}")).isNull();
    }

    @Test
    void aLegacyErrorAnswerLeavesTheInputAbsent() throws Exception {
        Wire wire = legacySession(ALL_CAPABILITIES, b -> b);
        CompletableFuture<Reply> reply = wire.sendAsync(legacyCall(10, "greet"), hostThreads);
        JsonNode request = awaitRequest(wire, 0);
        wire.send("{\"jsonrpc\":\"2.0\",\"id\":" + request.get("id") + ",\"error\":{\"code\":-1,\"message\":\"no\"}}");
        JsonNode response = Wire.body(reply.get(10, TimeUnit.SECONDS));
        assertThat(result(response).path("content").get(0).path("text").stringValue()).isEqualTo("no answer");
    }

    @Test
    void aLegacyCallCancelledWhileWaitingIsNeverAnswered() throws Exception {
        Wire wire = legacySession(ALL_CAPABILITIES, b -> b);
        CompletableFuture<Reply> reply = wire.sendAsync(legacyCall(11, "greet"), hostThreads);
        awaitRequest(wire, 0);
        wire.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":11}}");
        Reply answer = reply.get(10, TimeUnit.SECONDS);
        assertThat(answer.hasBody()).isFalse();
        assertThat(answer.kind()).isEqualTo(Reply.Kind.UNANSWERED);
        for (int i = 0; i < 100 && !Session.of(wire.session).awaiting().isEmpty(); i++) {
            Thread.sleep(10);
        }
        assertThat(Session.of(wire.session).awaiting()).isEmpty();
    }

    @Test
    void aLegacySessionWithoutTheCapabilityGetsAToolErrorOrInvalidParamsAndNoRequest() {
        Wire wire = legacySession("{}", b -> b);
        JsonNode tool = result(wire.send(legacyCall(12, "greet")));
        assertThat(tool.path("isError").asBoolean()).isTrue();
        assertThat(tool.path("content").get(0).path("text").stringValue()).contains("elicitation.form");
        JsonNode prompt = wire.legacy(13, "prompts/get", "{\"name\":\"personal\"}");
        assertError(prompt, 13, -32602);
        assertThat(prompt.path("error").path("data").path("requiredCapabilities").has("elicitation")).isTrue();
        assertThat(wire.notifications).isEmpty();
    }

    @Test
    void legacyRequestsIgnoreModernInputFields() throws Exception {
        Wire wire = legacySession(ALL_CAPABILITIES, b -> b);
        CompletableFuture<Reply> reply = wire.sendAsync("{\"jsonrpc\":\"2.0\",\"id\":14,\"method\":\"tools/call\","
                + "\"params\":{\"name\":\"greet\",\"inputResponses\":" + ALICE + ",\"requestState\":\"forged\"}}",
                hostThreads);
        JsonNode request = awaitRequest(wire, 0);
        assertThat(request.path("method").stringValue()).as("asked for real").isEqualTo("elicitation/create");
        wire.send("{\"jsonrpc\":\"2.0\",\"id\":" + request.get("id") + ",\"result\":{\"action\":\"decline\"}}");
        assertThat(result(Wire.body(reply.get(10, TimeUnit.SECONDS))).path("content").get(0).path("text")
                .stringValue()).isEqualTo("Hello, null");
    }
}
