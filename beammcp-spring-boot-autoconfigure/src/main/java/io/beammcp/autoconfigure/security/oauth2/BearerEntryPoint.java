package io.beammcp.autoconfigure.security.oauth2;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.AuthenticationEntryPoint;

import java.io.IOException;

/** The {@link BearerChallenge} as the servlet transport's entry point. */
final class BearerEntryPoint implements AuthenticationEntryPoint {

    private final BearerChallenge challenge;

    BearerEntryPoint(BearerChallenge challenge) {
        this.challenge = challenge;
    }

    @Override
    public void commence(HttpServletRequest request, HttpServletResponse response, AuthenticationException failure)
            throws IOException {
        BearerChallenge.Answer answer = challenge.answer(failure);
        response.setStatus(answer.status().value());
        response.setHeader(HttpHeaders.WWW_AUTHENTICATE, answer.challenge());
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        response.getOutputStream().write(answer.body());
    }
}
