package io.beammcp.core.internal.engine;

import io.beammcp.core.internal.protocol.McpMethod;
import io.beammcp.core.internal.protocol.Message;
import io.beammcp.core.spi.Exchange;
import io.beammcp.core.spi.McpObserver;
import io.beammcp.core.spi.Reply;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * One message under an {@link McpObserver}: the answer it wraps stops the scope (with the outcome) before the
 * reply goes on, and host code runs within the scope. A failing observer is logged and never loses a reply.
 */
final class Observed implements Consumer<Reply> {

    private static final Logger log = LoggerFactory.getLogger(Observed.class);
    private static final String OTHER = "_OTHER";
    private static final List<String> TRACE_KEYS = List.of("traceparent", "tracestate", "baggage");

    private final McpObserver.Scope scope;
    private final Consumer<Reply> answer;
    private volatile boolean toolError;
    private volatile Reply expired;

    private Observed(McpObserver.Scope scope, Consumer<Reply> answer) {
        this.scope = scope;
        this.answer = answer;
    }

    /**
     * Starts observing a request or notification; {@code offered} tells whether the server offers a tool or
     * prompt of that name, and {@code extended} whether an extension it serves adds a method of that name, so
     * only names the server knows become values.
     */
    static Consumer<Reply> start(McpObserver observer, Message message, Exchange exchange,
            Predicate<Message> offered, Predicate<String> extended, Consumer<Reply> answer) {
        McpObserver.Scope scope;
        try {
            scope = observer.start(request(message, exchange, offered, extended));
        } catch (RuntimeException e) {
            log.warn("The MCP observer failed to start; this message goes unobserved", e);
            return answer;
        }
        return new Observed(scope, answer);
    }

    private static McpObserver.Request request(Message message, Exchange exchange, Predicate<Message> offered,
            Predicate<String> extended) {
        McpMethod known = message.known();
        String target = null;
        if (known == McpMethod.TOOLS_CALL || known == McpMethod.PROMPTS_GET) {
            target = offered.test(message) ? message.params().get("name").stringValue() : OTHER;
        }
        String uri = known == McpMethod.RESOURCES_READ ? string(message.params(), "uri") : null;
        List<String> session = exchange.headers("Mcp-Session-Id");
        ObjectNode meta = message.meta();
        Map<String, String> trace = Map.of();
        if (meta != null) {
            Map<String, String> found = new HashMap<>(4);
            for (String key : TRACE_KEYS) {
                String value = string(meta, key);
                if (value != null) {
                    found.put(key, value);
                }
            }
            trace = Map.copyOf(found);
        }
        String method = known != null ? known.id() : extended.test(message.method()) ? message.method() : OTHER;
        return new McpObserver.Request(method, target, exchange.facts().networkTransport(),
                message.id() == null ? null : message.id().asString(), session.isEmpty() ? null : session.get(0), uri,
                exchange.principal(), trace);
    }

    private static String string(ObjectNode object, String key) {
        JsonNode value = object == null ? null : object.get(key);
        return value != null && value.isString() ? value.stringValue() : null;
    }

    /** Whether a {@code tools/call} or {@code prompts/get} names something with a name at all. */
    static boolean named(Message message) {
        return string(message.params(), "name") != null;
    }

    /** Runs host work within the scope; a tool error it returns is remembered for the outcome. */
    Supplier<ObjectNode> within(Supplier<ObjectNode> work) {
        return () -> saw(scope.within(work));
    }

    /** Remembers a tool error among the results a handler gave at once or host work returned. */
    ObjectNode saw(ObjectNode result) {
        if (result != null && result.path("isError").asBoolean(false)) {
            toolError = true;
        }
        return result;
    }

    /** The reply a tool's time limit gives, itself a tool error. */
    void expiresWith(Reply reply) {
        this.expired = reply;
    }

    @Override
    public void accept(Reply reply) {
        try {
            scope.stop(new McpObserver.Outcome(reply.kind(), reply.revision(), reply.errorCode(),
                    toolError || (reply == expired && reply != null)));
        } catch (RuntimeException e) {
            log.warn("The MCP observer failed to stop", e);
        } finally {
            answer.accept(reply);
        }
    }
}
