/**
 * The Streamable HTTP transport: one endpoint ({@code beammcp.http.path}, default {@code /mcp}) serving
 * both protocol revisions, stateless 2026-07-28 requests and 2025-11-25 sessions, behind a fixed pipeline
 * of stages, each a class, in the order {@code McpHttpPipeline} runs them: Origin and Host
 * ({@code OriginGuard}), the HTTP method ({@code MethodAdmission}), the
 * {@link io.beammcp.autoconfigure.http.McpAuthorizer} ({@code Authorizers}), the bounded body
 * ({@code BodyLimits}, {@code BodyBuffer}), the {@link io.beammcp.autoconfigure.http.McpBodyAuthorizer}
 * ({@code Authorizers}), the core ({@code CoreCall}, {@code HttpExchange}), the reply's status
 * ({@code ReplyMapping}) or an event stream ({@code SseStream}, {@code EventStreams}). The stages name no
 * servlet or reactive type; two transports call them: the servlet one ({@code McpHttpController},
 * {@code BodyReader}, {@code DirectResponse}, its filters) and the reactive one ({@code McpWebHandler},
 * {@code ReactiveBodyReader}, {@code ReactiveResponse}, {@code HostThreads}, its filters).
 *
 * <p>Public API: the two authorizer hooks, their {@link io.beammcp.autoconfigure.http.McpAuthorization
 * verdict} and {@link io.beammcp.autoconfigure.http.McpRequestHead view of the request}, the replaceable
 * {@link io.beammcp.autoconfigure.http.McpSessionStore}, and the properties; everything else is internal.
 */
package io.beammcp.autoconfigure.http;
