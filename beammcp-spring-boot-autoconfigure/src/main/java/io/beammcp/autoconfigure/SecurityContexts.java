package io.beammcp.autoconfigure;

import org.springframework.scheduling.concurrent.CustomizableThreadFactory;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.concurrent.DelegatingSecurityContextExecutor;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.authority.AuthorityUtils;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.core.context.SecurityContextHolder;

import java.security.Principal;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;

/**
 * Security contexts where host code runs off the request's thread, used only when Spring Security is on the
 * classpath: the stdio principal, an authenticated {@link Authentication} with the configured authorities in
 * the context of every thread that reads messages or runs host code; and task work, run with the context of
 * the request that started it. Method security then behaves as it does in a controller.
 */
final class SecurityContexts {

    private SecurityContexts() {
    }

    /**
     * Threads for task work, each task run within the security context of the thread that submits it (the
     * request's), on daemon threads kept a minute when idle.
     *
     * @return the executor
     */
    static Executor tasks() {
        CustomizableThreadFactory daemons = new CustomizableThreadFactory("beammcp-task-");
        daemons.setDaemon(true);
        return new DelegatingSecurityContextExecutor(Executors.newCachedThreadPool(daemons));
    }

    /**
     * The stdio caller as Spring Security sees it.
     *
     * @param name the principal's name
     * @param authorities its granted authorities
     * @return an authenticated token
     */
    static Principal principal(String name, List<String> authorities) {
        return UsernamePasswordAuthenticationToken.authenticated(name, null,
                AuthorityUtils.createAuthorityList(authorities));
    }

    /**
     * Runs the transport's tasks within a security context holding {@code principal}.
     *
     * @param principal what {@link #principal} returned
     * @param threads where the tasks run
     * @return the executor to give the transport
     */
    static Executor executor(Principal principal, Executor threads) {
        SecurityContext context = SecurityContextHolder.getContextHolderStrategy().createEmptyContext();
        context.setAuthentication((Authentication) principal);
        return new DelegatingSecurityContextExecutor(threads, context);
    }
}
