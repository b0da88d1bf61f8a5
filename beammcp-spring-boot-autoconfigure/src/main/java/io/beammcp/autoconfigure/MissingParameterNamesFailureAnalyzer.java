package io.beammcp.autoconfigure;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Explains a startup that failed because an annotated MCP method was compiled without its parameter names,
 * which name the arguments, and shows how to compile them in.
 */
final class MissingParameterNamesFailureAnalyzer extends AbstractFailureAnalyzer<MissingParameterNamesException> {

    static final String ACTION = "Compile with javac -parameters (Maven: <maven.compiler.parameters>true"
            + "</maven.compiler.parameters>, which spring-boot-starter-parent sets; Gradle: tasks.withType(JavaCompile)"
            + " { options.compilerArgs << '-parameters' }), or name each parameter in its annotation, such as"
            + " @McpToolParam(name = \"place\").";

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, MissingParameterNamesException cause) {
        return new FailureAnalysis("The MCP server names the arguments of " + cause.method() + " after its parameters,"
                + " and the class was compiled without their names.", ACTION, cause);
    }
}
