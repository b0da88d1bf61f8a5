package io.beammcp.autoconfigure.security.oauth2;

import org.springframework.boot.context.properties.ConfigurationProperties;

import java.util.ArrayList;
import java.util.List;

/**
 * The MCP HTTP endpoint as an OAuth 2.1 protected resource: what its RFC 9728 metadata document says and
 * which tokens it accepts. Token decoding itself is Spring Boot's ({@code spring.security.oauth2.resourceserver.*}).
 */
@ConfigurationProperties("beammcp.http.oauth2")
public class BeamMcpOAuth2Properties {

    /** Canonical URI of the MCP endpoint as clients call it (e.g. https://mcp.example.com/mcp); tokens must name it as audience. */
    private String resource;

    /** Issuer identifiers of the authorization servers whose tokens are accepted; a token's iss must be one of them. */
    private List<String> authorizationServers = new ArrayList<>();

    /** Scopes advertised in the metadata and in every 401 challenge: the minimal set for basic use. */
    private List<String> scopesSupported = new ArrayList<>();

    /** Human-readable name of the resource shown by clients (resource_name). */
    private String resourceName;

    public String getResource() {
        return resource;
    }

    public void setResource(String resource) {
        this.resource = resource;
    }

    public List<String> getAuthorizationServers() {
        return authorizationServers;
    }

    public void setAuthorizationServers(List<String> authorizationServers) {
        this.authorizationServers = authorizationServers;
    }

    public List<String> getScopesSupported() {
        return scopesSupported;
    }

    public void setScopesSupported(List<String> scopesSupported) {
        this.scopesSupported = scopesSupported;
    }

    public String getResourceName() {
        return resourceName;
    }

    public void setResourceName(String resourceName) {
        this.resourceName = resourceName;
    }
}
