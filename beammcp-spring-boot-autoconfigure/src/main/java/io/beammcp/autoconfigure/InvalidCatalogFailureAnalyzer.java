package io.beammcp.autoconfigure;

import io.beammcp.core.InvalidCatalogException;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Explains a startup that failed because the MCP server refused what the application offers (a schema that
 * does not compile, a name two beans claim, a method it cannot bind, a skill clients could not use, an extension
 * contributed twice), and says where to look.
 */
final class InvalidCatalogFailureAnalyzer extends AbstractFailureAnalyzer<InvalidCatalogException> {

    static final String ACTION = "Correct the tool, resource, prompt, schema, skill or extension named above: names,"
            + " URIs, templates, extension identifiers and their methods are unique across all beans, a schema is a"
            + " JSON Schema 2020-12 object, and a skill is a folder whose SKILL.md begins with YAML frontmatter naming"
            + " it (its folder's name) and describing it.";

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, InvalidCatalogException cause) {
        return new FailureAnalysis("The MCP server cannot serve what the application offers: " + cause.getMessage(),
                ACTION, cause);
    }
}
