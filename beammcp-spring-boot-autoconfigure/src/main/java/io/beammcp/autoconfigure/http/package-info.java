/**
 * The Streamable HTTP transport: one endpoint ({@code beammcp.http.path}, default {@code /mcp}) serving
 * both protocol revisions, stateless 2026-07-28 requests and 2025-11-25 sessions, behind a fixed pipeline
 * (Origin and Host, method, {@link io.beammcp.autoconfigure.http.McpAuthorizer}, bounded body,
 * {@link io.beammcp.autoconfigure.http.McpBodyAuthorizer}, the core). Public API: the two authorizer
 * hooks, their {@link io.beammcp.autoconfigure.http.McpAuthorization verdict} and
 * {@link io.beammcp.autoconfigure.http.McpRequestHead view of the request}, the replaceable
 * {@link io.beammcp.autoconfigure.http.McpSessionStore}, and the properties; everything else is internal.
 */
package io.beammcp.autoconfigure.http;
