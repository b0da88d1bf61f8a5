package io.beammcp.autoconfigure.security.oauth2;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.HttpHeaders;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.server.resource.BearerTokenErrors;
import org.springframework.security.oauth2.server.resource.web.BearerTokenResolver;

import java.util.Enumeration;

/**
 * One credential per request: with two {@code Authorization} headers Spring Security reads the first and a
 * filter in front may have read the other, so a request carrying more than one is refused as RFC 6750 (3.1)
 * says of a repeated parameter, {@code 400 invalid_request}, before any token is checked.
 */
final class SingleCredential implements BearerTokenResolver {

    private final BearerTokenResolver delegate;

    SingleCredential(BearerTokenResolver delegate) {
        this.delegate = delegate;
    }

    @Override
    public String resolve(HttpServletRequest request) {
        Enumeration<String> values = request.getHeaders(HttpHeaders.AUTHORIZATION);
        if (values != null && values.hasMoreElements()) {
            values.nextElement();
            if (values.hasMoreElements()) {
                throw new OAuth2AuthenticationException(
                        BearerTokenErrors.invalidRequest("The request carries more than one Authorization header"));
            }
        }
        return delegate.resolve(request);
    }
}
