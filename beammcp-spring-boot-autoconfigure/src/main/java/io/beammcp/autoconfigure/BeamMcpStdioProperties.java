package io.beammcp.autoconfigure;

import org.springframework.boot.context.properties.ConfigurationProperties;

import java.util.ArrayList;
import java.util.List;

/**
 * Settings of the stdio transport ({@code beammcp.stdio.*}).
 */
@ConfigurationProperties("beammcp.stdio")
public class BeamMcpStdioProperties {

    /** The caller of every stdio message, as host code sees it; none unless a name is set. */
    private final Principal principal = new Principal();

    public Principal getPrincipal() {
        return principal;
    }

    /** The stdio principal: stdio authenticates nobody, so the host names who the process's client is. */
    public static class Principal {

        /** The stdio principal's name; without it, host code sees no principal over stdio. */
        private String name;

        /** The stdio principal's granted authorities (with Spring Security, e.g. ROLE_ADMIN). */
        private List<String> authorities = new ArrayList<>();

        public String getName() {
            return name;
        }

        public void setName(String name) {
            this.name = name;
        }

        public List<String> getAuthorities() {
            return authorities;
        }

        public void setAuthorities(List<String> authorities) {
            this.authorities = authorities;
        }
    }
}
