package io.beammcp.security;

import io.beammcp.autoconfigure.security.McpSecurityConfigurer;
import io.beammcp.core.CallContext;
import io.beammcp.core.InputRequest;
import io.beammcp.core.TaskSupport;
import io.beammcp.core.annotation.McpResource;
import io.beammcp.core.annotation.McpTool;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.method.configuration.EnableMethodSecurity;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.provisioning.InMemoryUserDetailsManager;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.stereotype.Component;
import org.springframework.stereotype.Service;

import java.security.Principal;
import java.util.Map;

/**
 * An application as its team would secure it: Basic users, every path authenticated, method security, and
 * the MCP endpoint secured in one line; on the servlet transport ({@link ReactiveSecuredApp} is the same on
 * WebFlux, and shares its tools).
 */
@SpringBootApplication
@EnableMethodSecurity
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
public class SecuredApp {

    @Bean
    SecurityFilterChain chain(HttpSecurity http) throws Exception {
        return http.authorizeHttpRequests(requests -> requests.anyRequest().authenticated())
                .httpBasic(Customizer.withDefaults())
                .with(McpSecurityConfigurer.mcp(), Customizer.withDefaults())
                .build();
    }

    @Bean
    UserDetailsService users() {
        return new InMemoryUserDetailsManager(
                User.withUsername("alice").password("{noop}alice-pw").roles("USER", "ADMIN").build(),
                User.withUsername("bob").password("{noop}bob-pw").roles("USER").build());
    }

    /** A service guarded by method security, as host code would call one. */
    @Service
    public static class Vault {

        @PreAuthorize("hasRole('ADMIN')")
        public String open() {
            return "the vault is open";
        }
    }

    /** Host code that reports who calls it, both ways, and calls the guarded service. */
    @Component
    public static class SecuredTools {

        private final Vault vault;

        SecuredTools(Vault vault) {
            this.vault = vault;
        }

        @McpTool(description = "Who is calling, as the call context and the security context tell")
        public String whoami(String note, CallContext context) {
            return "context=" + name(context.principal()) + " holder=" + name(holder()) + " chars=" + note.length();
        }

        @McpTool(description = "Asks the caller's name and greets it")
        public String ask(CallContext context) {
            Map<String, Object> answer = context.ask("user_name", InputRequest.elicitation("Your name?",
                    Map.of("type", "object", "properties", Map.of("name", Map.of("type", "string")))));
            return "Hello, " + (answer == null ? "nobody" : answer.get("content"));
        }

        @McpTool(description = "Who is calling, as a task", taskSupport = TaskSupport.OPTIONAL)
        public String whoamiLater(CallContext context) {
            context.startTask();
            return "context=" + name(context.principal()) + " holder=" + name(holder()) + " thread="
                    + Thread.currentThread().getName().replaceAll("-\\d+$", "");
        }

        @McpTool(description = "Opens the vault, for administrators")
        public String vault() {
            return vault.open();
        }

        @McpResource(uri = "vault://contents", name = "vault", mimeType = "text/plain",
                description = "What the vault holds, for administrators")
        public String contents() {
            return vault.open();
        }

        private static Authentication holder() {
            return SecurityContextHolder.getContext().getAuthentication();
        }

        private static String name(Principal principal) {
            return principal == null ? "none" : principal.getName();
        }
    }
}
