package io.beammcp.autoconfigure.http;

import org.springframework.security.authentication.AnonymousAuthenticationToken;
import org.springframework.security.concurrent.DelegatingSecurityContextExecutor;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.util.ClassUtils;

import java.security.Principal;
import java.util.concurrent.Executor;

/**
 * Spring Security on the reactive transport, when it is on the classpath: the request's principal is what the
 * security chain authenticated ({@code ServerWebExchange.getPrincipal()}), an anonymous caller being none (as a
 * servlet request's user principal is), and the rest of the request (host code included, which is not
 * reactive) runs within a {@code SecurityContext} holding it, so that {@code SecurityContextHolder} and method
 * security behave as in a controller.
 */
final class ReactiveSecurity {

    private static final boolean PRESENT = ClassUtils.isPresent(
            "org.springframework.security.core.context.SecurityContextHolder", ReactiveSecurity.class.getClassLoader());

    private ReactiveSecurity() {
    }

    /** The principal host code sees: {@code null} for none and for Spring Security's anonymous caller. */
    static Principal caller(Principal principal) {
        return PRESENT && Holder.anonymous(principal) ? null : principal;
    }

    /** {@code threads}, running each task within a security context holding the principal when it is an {@code Authentication}. */
    static Executor within(Principal principal, Executor threads) {
        return PRESENT && principal != null ? Holder.within(principal, threads) : threads;
    }

    /** Loaded only when Spring Security is on the class path. */
    private static final class Holder {

        static boolean anonymous(Principal principal) {
            return principal instanceof AnonymousAuthenticationToken;
        }

        static Executor within(Principal principal, Executor threads) {
            if (!(principal instanceof Authentication authentication)) {
                return threads;
            }
            SecurityContext context = SecurityContextHolder.getContextHolderStrategy().createEmptyContext();
            context.setAuthentication(authentication);
            return new DelegatingSecurityContextExecutor(threads, context);
        }
    }
}
