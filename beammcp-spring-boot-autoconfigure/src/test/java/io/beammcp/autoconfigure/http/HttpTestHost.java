package io.beammcp.autoconfigure.http;

import io.beammcp.autoconfigure.BeamMcpAutoConfiguration;
import io.beammcp.autoconfigure.limits.BeamMcpLimitsProperties;
import io.beammcp.core.Content;
import io.beammcp.core.InputRequest;
import io.beammcp.core.LogLevel;
import io.beammcp.core.PromptArgument;
import io.beammcp.core.PromptMessage;
import io.beammcp.core.PromptResult;
import io.beammcp.core.PromptSpec;
import io.beammcp.core.ReadResult;
import io.beammcp.core.ResourceContents;
import io.beammcp.core.ResourceSpec;
import io.beammcp.core.ToolResult;
import io.beammcp.core.ToolSpec;
import io.beammcp.core.catalog.Catalog;
import io.beammcp.core.catalog.CatalogChanges;
import io.beammcp.core.catalog.Dispatch;
import io.beammcp.core.server.McpServer;
import io.beammcp.core.spi.LegacySession;
import io.beammcp.testsupport.Transport;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.http.codec.autoconfigure.CodecsAutoConfiguration;
import org.springframework.boot.http.converter.autoconfigure.HttpMessageConvertersAutoConfiguration;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.reactor.netty.autoconfigure.NettyReactiveWebServerAutoConfiguration;
import org.springframework.boot.servlet.autoconfigure.HttpEncodingAutoConfiguration;
import org.springframework.boot.servlet.autoconfigure.MultipartAutoConfiguration;
import org.springframework.boot.tomcat.autoconfigure.servlet.TomcatServletWebServerAutoConfiguration;
import org.springframework.boot.webflux.autoconfigure.HttpHandlerAutoConfiguration;
import org.springframework.boot.webflux.autoconfigure.WebFluxAutoConfiguration;
import org.springframework.boot.webflux.autoconfigure.error.ErrorWebFluxAutoConfiguration;
import org.springframework.boot.webmvc.autoconfigure.DispatcherServletAutoConfiguration;
import org.springframework.boot.webmvc.autoconfigure.WebMvcAutoConfiguration;
import org.springframework.boot.webmvc.autoconfigure.error.ErrorMvcAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * An application serving a test catalog over HTTP, as a host would write it, on either {@link Transport}: the
 * web stack is the one Spring Boot auto-configures (Tomcat, Spring MVC, error pages, multipart; or Reactor
 * Netty, Spring WebFlux, error pages), the MCP server is built here directly so these tests do not depend on the
 * server auto-configuration.
 *
 * <p>Test switches, by request header: {@code X-Test-Deny} makes the authorizer refuse with
 * {@link #SECRET_REASON}, {@code X-Test-Throw} makes it throw with {@link #SECRET_FAILURE},
 * {@code X-Test-Null} makes it return {@code null}; {@code X-Signature} (hex HMAC-SHA256 of the raw body
 * under {@link #HMAC_KEY}) is verified by the body authorizer when present, and {@code X-Test-Body-Throw}
 * makes it throw.
 *
 * <p>Streaming tools: {@code steps} reports progress 1 to 3 of 3 and logs once at each level; {@code hang}
 * reports progress once and then waits until interrupted (see {@link #HANG}); {@code together} reports
 * progress, waits until {@link #TOGETHER} has counted down to zero, reports again and answers its request
 * id; {@code gate} waits for {@link #GATE}; {@code ask} asks the user's name (an elicitation) and greets the answer. With {@code test.lists-change=true} the server is told the lists change ({@link CatalogChanges}
 * bean); a legacy session may hold at most two streams.
 */
@SpringBootConfiguration(proxyBeanMethods = false)
@Import(OwnEventLoops.class)
@ImportAutoConfiguration({ TomcatServletWebServerAutoConfiguration.class, DispatcherServletAutoConfiguration.class,
        WebMvcAutoConfiguration.class, HttpMessageConvertersAutoConfiguration.class, JacksonAutoConfiguration.class,
        HttpEncodingAutoConfiguration.class, MultipartAutoConfiguration.class, ErrorMvcAutoConfiguration.class,
        NettyReactiveWebServerAutoConfiguration.class, HttpHandlerAutoConfiguration.class,
        WebFluxAutoConfiguration.class, CodecsAutoConfiguration.class, ErrorWebFluxAutoConfiguration.class,
        BeamMcpAutoConfiguration.class, BeamMcpHttpAutoConfiguration.class, BeamMcpReactiveHttpAutoConfiguration.class })
class HttpTestHost {

    static final String SECRET_REASON = "token 7f3a-secret-reason is revoked";
    static final String SECRET_FAILURE = "vault at 10.1.2.3 unreachable, secret 9c1b";
    static final byte[] HMAC_KEY = "test-hmac-key".getBytes(StandardCharsets.UTF_8);
    static final String TEXT_SCHEMA = "{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\"}}}";
    static final String REGION_SCHEMA = "{\"type\":\"object\",\"properties\":{\"region\":{\"type\":\"string\","
            + "\"x-mcp-header\":\"Region\"},\"size\":{\"type\":\"integer\",\"x-mcp-header\":\"Size\"}}}";
    /** An integer with bounds and a pattern whose recursion overflows the stack on a long string. */
    static final String BOUNDED_SCHEMA = "{\"type\":\"object\",\"properties\":{\"days\":{\"type\":\"integer\","
            + "\"minimum\":1,\"maximum\":7},\"code\":{\"type\":\"string\",\"pattern\":\"^(a|b)*$\"}}}";

    /** The one listed resource; its URI has a character outside ASCII, so clients send it Base64-encoded. */
    static final String NOTES_URI = "file:///notes/caf\u00e9.txt";

    /** How many times the {@code count} tool ran: proves a refused request never reached host code. */
    static final AtomicInteger COUNTED = new AtomicInteger();

    /** What the {@code hang} tool saw: its start, and its interruption with whether it was cancelled then. */
    static final AtomicReference<Hang> HANG = new AtomicReference<>(new Hang());

    /** The {@code together} tools wait for each other here. */
    static final AtomicReference<CountDownLatch> TOGETHER = new AtomicReference<>(new CountDownLatch(0));

    /** The {@code gate} tool waits until this opens, and counts down {@link #GATE_ENTERED} as it starts. */
    static final AtomicReference<CountDownLatch> GATE = new AtomicReference<>(new CountDownLatch(0));
    static final AtomicReference<CountDownLatch> GATE_ENTERED = new AtomicReference<>(new CountDownLatch(0));
    /** With this set, the {@code gate} tool waits through interrupts, as host code in uninterruptible I/O does. */
    static final AtomicBoolean GATE_IGNORES_INTERRUPTS = new AtomicBoolean();

    /** One run of the {@code hang} tool, observed. */
    static final class Hang {
        final CountDownLatch entered = new CountDownLatch(1);
        final CountDownLatch interrupted = new CountDownLatch(1);
        final AtomicBoolean cancelled = new AtomicBoolean();
    }

    /** With {@code test.session-store=outage}: the default store, which a test can take down ({@link OutageStore}). */
    @Bean
    @ConditionalOnProperty(name = "test.session-store", havingValue = "outage")
    OutageStore outageStore() {
        return new OutageStore(new InMemoryMcpSessionStore(100, 100, java.time.Duration.ofMinutes(5)));
    }

    /** A store whose storage is down while {@link #down} is set, and which keeps each change its sessions make. */
    static final class OutageStore implements McpSessionStore, LegacySession.Keeper {
        final AtomicBoolean down = new AtomicBoolean();
        /** The store fails to save a session with an exception of its own. */
        final AtomicBoolean broken = new AtomicBoolean();
        final AtomicInteger changes = new AtomicInteger();
        private final McpSessionStore kept;

        OutageStore(McpSessionStore kept) {
            this.kept = kept;
        }

        private void reachable() {
            if (down.get()) {
                throw new UnavailableException("test: the session store is down", null);
            }
        }

        @Override
        public void save(String id, LegacySession session) {
            reachable();
            if (broken.get()) {
                throw new IllegalStateException("test: the session store is broken");
            }
            session.keep(this);
            kept.save(id, session);
        }

        @Override
        public LegacySession find(String id) {
            reachable();
            return kept.find(id);
        }

        @Override
        public boolean remove(String id) {
            reachable();
            return kept.remove(id);
        }

        @Override
        public void changed(LegacySession session) {
            reachable();
            changes.incrementAndGet();
        }

        @Override
        public void relay(LegacySession session, byte[] message) {
        }
    }

    @Bean
    CatalogChanges catalogChanges() {
        return new CatalogChanges();
    }

    @Bean
    McpServer mcpServer(CatalogChanges changes, @Value("${test.lists-change:false}") boolean listsChange,
            BeamMcpLimitsProperties limits) {
        Catalog catalog = Catalog.of(List.of(
                ToolSpec.builder("echo").description("Echoes text").inputSchema(TEXT_SCHEMA).build(),
                ToolSpec.builder("regional").description("Echoes its region").inputSchema(REGION_SCHEMA).build(),
                ToolSpec.builder("count").description("Counts its calls").build(),
                ToolSpec.builder("sampler").description("Needs sampling").requiresClientCapabilities("sampling").build(),
                ToolSpec.builder("boom").description("Always fails").build(),
                ToolSpec.builder("steps").description("Reports progress and logs").build(),
                ToolSpec.builder("hang").description("Waits until cancelled").build(),
                ToolSpec.builder("together").description("Waits for its peers").build(),
                ToolSpec.builder("ask").description("Asks the user's name").build(),
                ToolSpec.builder("gate").description("Waits for the gate to open").build(),
                ToolSpec.builder("bounded").description("Counts its calls").inputSchema(BOUNDED_SCHEMA).build()),
                List.of(ResourceSpec.builder(NOTES_URI, "notes").mimeType("text/plain").build()),
                List.of(PromptSpec.of("greet", "Greets someone", PromptArgument.required("who", "whom to greet"))));
        Dispatch dispatch = (tool, arguments, context) -> {
            switch (tool) {
                case "echo":
                    return ToolResult.of(String.valueOf(arguments.get("text")));
                case "regional":
                    return ToolResult.of(String.valueOf(arguments.get("region")));
                case "bounded":
                case "count":
                    return ToolResult.of("count " + COUNTED.incrementAndGet());
                case "steps":
                    for (int step = 1; step <= 3; step++) {
                        context.progress(step, 3, "step " + step);
                    }
                    for (LogLevel level : LogLevel.values()) {
                        context.log(level, "steps", level.id());
                    }
                    return ToolResult.of("steps done");
                case "hang": {
                    Hang hang = HANG.get();
                    context.progress(1, null, "waiting");
                    hang.entered.countDown();
                    try {
                        Thread.sleep(30_000);
                    } catch (InterruptedException e) {
                        hang.cancelled.set(context.isCancelled());
                        hang.interrupted.countDown();
                        throw e;
                    }
                    return ToolResult.of("woke up");
                }
                case "together": {
                    context.progress(1, 2, null);
                    CountDownLatch together = TOGETHER.get();
                    together.countDown();
                    if (!together.await(100, TimeUnit.SECONDS)) {
                        return ToolResult.error("not all peers arrived");
                    }
                    context.progress(2, 2, null);
                    return ToolResult.of("done " + context.requestId());
                }
                case "gate": {
                    GATE_ENTERED.get().countDown();
                    while (GATE_IGNORES_INTERRUPTS.get()) {
                        try {
                            return ToolResult.of(GATE.get().await(60, TimeUnit.SECONDS) ? "opened" : "still closed");
                        } catch (InterruptedException ignored) {
                            // waits on
                        }
                    }
                    return ToolResult.of(GATE.get().await(60, TimeUnit.SECONDS) ? "opened" : "still closed");
                }
                case "ask": {
                    Map<String, Object> answer = context.ask("user_name", InputRequest.elicitation("Your name?",
                            Map.of("type", "object", "properties", Map.of("name", Map.of("type", "string")))));
                    return ToolResult.of("Hello, " + (answer == null ? "nobody" : answer.get("content")));
                }
                default:
                    throw new IllegalStateException("boom with a host secret 51d2");
            }
        };
        return McpServer.builder(catalog, dispatch).serverName("http-test").serverVersion("1.0.0")
                .resourceReader((uri, context) -> ReadResult.of(ResourceContents.text(uri, "text/plain", "remember")))
                .promptRenderer((name, arguments, context) -> PromptResult.of(
                        PromptMessage.user(Content.text("Hello, " + arguments.get("who")))))
                .catalogChanges(listsChange ? changes : null)
                .maxStreamsPerSession(2)
                // beammcp.limits as the auto-configured server takes them (all off unless a test sets them)
                .limits(limits.toLimits())
                .build();
    }

    @Bean
    McpAuthorizer mcpAuthorizer() {
        return request -> {
            if (request.header("X-Test-Throw") != null) {
                throw new IllegalStateException(SECRET_FAILURE);
            }
            if (request.header("X-Test-Null") != null) {
                return null;
            }
            return request.headers("X-Test-Deny").isEmpty() ? McpAuthorization.permit()
                    : McpAuthorization.deny(SECRET_REASON);
        };
    }

    @Bean
    McpBodyAuthorizer mcpBodyAuthorizer() {
        return (request, body) -> {
            if (request.header("X-Test-Body-Throw") != null) {
                throw new IllegalStateException(SECRET_FAILURE);
            }
            String signature = request.header("X-Signature");
            if (signature == null) {
                return McpAuthorization.permit();
            }
            byte[] expected = hmac(body);
            byte[] given;
            try {
                given = HexFormat.of().parseHex(signature);
            } catch (IllegalArgumentException e) {
                return McpAuthorization.deny("signature is not hex");
            }
            return MessageDigest.isEqual(expected, given) ? McpAuthorization.permit()
                    : McpAuthorization.deny("bad body signature");
        };
    }

    static byte[] hmac(byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(HMAC_KEY, "HmacSHA256"));
            return mac.doFinal(body);
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    static String signature(byte[] body) {
        return HexFormat.of().formatHex(hmac(body));
    }
}
