package io.beammcp.autoconfigure.security.oauth2;

import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

import java.nio.charset.StandardCharsets;

/**
 * The RFC 9728 protected resource metadata on the reactive transport, where Spring Security's resource server
 * serves none: a {@code GET} of {@code /.well-known/oauth-protected-resource} or of a path below it (the
 * endpoint's path-suffixed document) is answered with the same document the servlet transport's filter writes:
 * {@code resource}, {@code authorization_servers}, {@code scopes_supported}, {@code bearer_methods_supported}
 * ({@code header}) and {@code resource_name}.
 */
final class ReactiveResourceMetadata implements WebFilter {

    private final byte[] document;

    ReactiveResourceMetadata(ProtectedResource resource, BeamMcpOAuth2Properties properties) {
        ObjectNode json = JsonNodeFactory.instance.objectNode();
        json.put("resource", resource.resource());
        ArrayNode servers = json.putArray("authorization_servers");
        properties.getAuthorizationServers().forEach(servers::add);
        if (!properties.getScopesSupported().isEmpty()) {
            ArrayNode scopes = json.putArray("scopes_supported");
            properties.getScopesSupported().forEach(scopes::add);
        }
        json.putArray("bearer_methods_supported").add("header");
        if (properties.getResourceName() != null) {
            json.put("resource_name", properties.getResourceName());
        }
        this.document = json.toString().getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        String path = exchange.getRequest().getPath().pathWithinApplication().value();
        boolean metadata = path.equals(ProtectedResource.WELL_KNOWN) || path.startsWith(ProtectedResource.WELL_KNOWN + "/");
        if (!metadata || exchange.getRequest().getMethod() != HttpMethod.GET) {
            return chain.filter(exchange);
        }
        ServerHttpResponse response = exchange.getResponse();
        response.setStatusCode(HttpStatus.OK);
        response.getHeaders().setContentType(MediaType.APPLICATION_JSON);
        return response.writeWith(Mono.fromSupplier(() -> response.bufferFactory().wrap(document)));
    }
}
