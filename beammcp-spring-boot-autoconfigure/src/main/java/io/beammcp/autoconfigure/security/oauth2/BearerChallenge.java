package io.beammcp.autoconfigure.security.oauth2;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.core.OAuth2ErrorCodes;
import org.springframework.security.web.AuthenticationEntryPoint;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The 401 of the MCP endpoint. Spring Security 7.0's own entry point points {@code resource_metadata} at the
 * origin's root document and cannot add {@code scope}; MCP clients expect the endpoint's path-suffixed document
 * and the scopes to ask for, so this writes the challenge: {@code resource_metadata} and {@code scope} always,
 * {@code error="invalid_token"} when a token was presented and rejected (none when there was no credential).
 * The error description of the token check is never sent: it may say too much about the token.
 */
final class BearerChallenge implements AuthenticationEntryPoint {

    private final String header;
    private final String invalidHeader;
    private final String invalidRequestHeader;

    BearerChallenge(ProtectedResource resource, List<String> scopes) {
        String common = "Bearer resource_metadata=\"" + resource.metadataUrl() + "\""
                + (scopes.isEmpty() ? "" : ", scope=\"" + String.join(" ", scopes) + "\"");
        this.header = common;
        this.invalidHeader = common + ", error=\"invalid_token\"";
        this.invalidRequestHeader = common + ", error=\"invalid_request\"";
    }

    @Override
    public void commence(HttpServletRequest request, HttpServletResponse response,
            AuthenticationException failure) throws IOException {
        boolean presented = failure instanceof OAuth2AuthenticationException;
        if (presented && OAuth2ErrorCodes.INVALID_REQUEST.equals(
                ((OAuth2AuthenticationException) failure).getError().getErrorCode())) {
            // RFC 6750 3.1: a malformed request (such as two credentials) is 400, not a rejected token
            response.setStatus(HttpServletResponse.SC_BAD_REQUEST);
            response.setHeader(HttpHeaders.WWW_AUTHENTICATE, invalidRequestHeader);
            response.setContentType(MediaType.APPLICATION_JSON_VALUE);
            response.getOutputStream().write(("{\"error\":\"invalid_request\",\"error_description\":"
                    + "\"The request's credentials are malformed or ambiguous\"}").getBytes(StandardCharsets.UTF_8));
            return;
        }
        response.setStatus(HttpServletResponse.SC_UNAUTHORIZED);
        response.setHeader(HttpHeaders.WWW_AUTHENTICATE, presented ? invalidHeader : header);
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        String body = presented ? "{\"error\":\"invalid_token\",\"error_description\":\"The access token is not valid here\"}"
                : "{\"error\":\"invalid_token\",\"error_description\":\"An access token is required\"}";
        response.getOutputStream().write(body.getBytes(StandardCharsets.UTF_8));
    }
}
