/**
 * Spring Security as the authority of the MCP endpoint, when it is on the classpath: the default
 * {@link io.beammcp.autoconfigure.http.McpAuthorizer} admitting the authenticated user, the security context
 * carried to host code whatever thread runs it, the one-line {@link io.beammcp.autoconfigure.security.McpSecurityConfigurer}
 * for a {@code SecurityFilterChain} and {@link io.beammcp.autoconfigure.security.McpServerSecurity} for a
 * WebFlux {@code SecurityWebFilterChain}, and the stdio principal.
 */
package io.beammcp.autoconfigure.security;
