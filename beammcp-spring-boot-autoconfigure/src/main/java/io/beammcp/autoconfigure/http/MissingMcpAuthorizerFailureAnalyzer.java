package io.beammcp.autoconfigure.http;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Explains a startup that failed because an HTTP application defines no {@link McpAuthorizer}, and shows
 * how to declare one, or how to accept every caller explicitly.
 */
final class MissingMcpAuthorizerFailureAnalyzer extends AbstractFailureAnalyzer<MissingMcpAuthorizerException> {

    static final String DESCRIPTION = "The MCP endpoint at %s needs a bean of type"
            + " io.beammcp.autoconfigure.http.McpAuthorizer, deciding who may call it before a request body is"
            + " read, and the application defines none.";
    static final String ACTION = "Add a bean such as @Bean McpAuthorizer mcpAuthorizer(TokenService tokens) {"
            + " return request -> tokens.isValid(request.header(\"Authorization\")) ? McpAuthorization.permit()"
            + " : McpAuthorization.deny(\"unknown token\"); }, or @Bean McpAuthorizer mcpAuthorizer() {"
            + " return McpAuthorizer.permitAll(); } to accept every caller explicitly. Or add Spring Security"
            + " (spring-boot-starter-security): the authenticated user of its SecurityContext is then admitted, and"
            + " one line secures the endpoint in a SecurityFilterChain:"
            + " http.with(McpSecurityConfigurer.mcp(), Customizer.withDefaults()) (on WebFlux, in a"
            + " SecurityWebFilterChain: McpServerSecurity.mcp().customize(http)).";

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, MissingMcpAuthorizerException cause) {
        return new FailureAnalysis(DESCRIPTION.formatted(cause.path()), ACTION, cause);
    }
}
