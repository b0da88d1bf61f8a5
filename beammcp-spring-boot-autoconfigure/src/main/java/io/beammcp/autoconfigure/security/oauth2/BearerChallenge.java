package io.beammcp.autoconfigure.security.oauth2;

import org.springframework.http.HttpStatus;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.core.OAuth2ErrorCodes;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The 401 of the MCP endpoint, for both transports' entry points ({@link BearerEntryPoint},
 * {@link ReactiveBearerEntryPoint}). Spring Security 7.0's own entry point points {@code resource_metadata} at the
 * origin's root document and cannot add {@code scope}; MCP clients expect the endpoint's path-suffixed document
 * and the scopes to ask for, so this writes the challenge: {@code resource_metadata} and {@code scope} always,
 * {@code error="invalid_token"} when a token was presented and rejected (none when there was no credential).
 * The error description of the token check is never sent: it may say too much about the token.
 */
final class BearerChallenge {

    private static final byte[] INVALID_REQUEST = ("{\"error\":\"invalid_request\",\"error_description\":"
            + "\"The request's credentials are malformed or ambiguous\"}").getBytes(StandardCharsets.UTF_8);
    private static final byte[] REJECTED = ("{\"error\":\"invalid_token\",\"error_description\":"
            + "\"The access token is not valid here\"}").getBytes(StandardCharsets.UTF_8);
    private static final byte[] MISSING = ("{\"error\":\"invalid_token\",\"error_description\":"
            + "\"An access token is required\"}").getBytes(StandardCharsets.UTF_8);

    /** What to answer: the status, the {@code WWW-Authenticate} value and the JSON body. */
    record Answer(HttpStatus status, String challenge, byte[] body) {
    }

    private final Answer missing;
    private final Answer rejected;
    private final Answer invalidRequest;

    BearerChallenge(ProtectedResource resource, List<String> scopes) {
        String common = "Bearer resource_metadata=\"" + resource.metadataUrl() + "\""
                + (scopes.isEmpty() ? "" : ", scope=\"" + String.join(" ", scopes) + "\"");
        this.missing = new Answer(HttpStatus.UNAUTHORIZED, common, MISSING);
        this.rejected = new Answer(HttpStatus.UNAUTHORIZED, common + ", error=\"invalid_token\"", REJECTED);
        // RFC 6750 3.1: a malformed request (such as two credentials) is 400, not a rejected token
        this.invalidRequest = new Answer(HttpStatus.BAD_REQUEST, common + ", error=\"invalid_request\"",
                INVALID_REQUEST);
    }

    /** The answer to an authentication that failed this way. */
    Answer answer(AuthenticationException failure) {
        if (!(failure instanceof OAuth2AuthenticationException presented)) {
            return missing;
        }
        return OAuth2ErrorCodes.INVALID_REQUEST.equals(presented.getError().getErrorCode()) ? invalidRequest
                : rejected;
    }
}
