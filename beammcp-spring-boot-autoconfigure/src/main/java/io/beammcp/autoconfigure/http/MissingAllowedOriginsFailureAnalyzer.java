package io.beammcp.autoconfigure.http;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Explains a startup that failed because an HTTP application does not set
 * {@code beammcp.http.allowed-origins}, and shows how to set it, or how to accept every origin explicitly.
 */
final class MissingAllowedOriginsFailureAnalyzer extends AbstractFailureAnalyzer<MissingAllowedOriginsException> {

    static final String DESCRIPTION = "The MCP endpoint at %s needs the property beammcp.http.allowed-origins,"
            + " listing the web origins whose browser requests it accepts, and the application does not set it.";
    static final String ACTION = "Set beammcp.http.allowed-origins to the origins of the web pages that may"
            + " call it, such as https://app.example.com,http://localhost:* (an empty value admits only requests"
            + " without an Origin header), or to * to accept every origin explicitly (quoted in YAML: \"*\").";

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, MissingAllowedOriginsException cause) {
        return new FailureAnalysis(DESCRIPTION.formatted(cause.path()), ACTION, cause);
    }
}
