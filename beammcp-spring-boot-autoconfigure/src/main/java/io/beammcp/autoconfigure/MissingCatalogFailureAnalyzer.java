package io.beammcp.autoconfigure;

import io.beammcp.core.catalog.Catalog;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Explains a startup that failed because the application offers nothing over MCP, or defines a
 * {@code Catalog} without its {@code Dispatch} (or the other way round), and shows how to declare what is missing.
 */
final class MissingCatalogFailureAnalyzer extends AbstractFailureAnalyzer<MissingHostBeanException> {

    static final String CATALOG_DESCRIPTION = "The MCP server needs a bean of type io.beammcp.core.catalog.Catalog,"
            + " listing the tools to offer, and the application defines none.";
    static final String CATALOG_ACTION = "Add a bean such as @Bean Catalog catalog() { return Catalog.of(List.of("
            + "ToolSpec.builder(\"get_weather\").description(\"Current weather for a place\").build())); }"
            + " to a @Configuration class.";
    static final String DISPATCH_DESCRIPTION = "The MCP server needs a bean of type io.beammcp.core.catalog.Dispatch,"
            + " running the tools of the Catalog, and the application defines none.";
    static final String DISPATCH_ACTION = "Add a bean such as @Bean Dispatch dispatch() { return (tool, arguments,"
            + " context) -> ToolResult.of(\"Sunny\"); } to a @Configuration class.";

    static final String NOTHING_DESCRIPTION = "The MCP server has nothing to offer: the application declares no"
            + " @McpTool, @McpResource or @McpPrompt method, no ToolBinding bean and no Catalog bean.";
    static final String NOTHING_ACTION = "Annotate a method of a bean, such as @Component class WeatherTools {"
            + " @McpTool(description = \"Current weather\") String getWeather(String place) { return \"Sunny\"; } }.";

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, MissingHostBeanException cause) {
        if (cause.beanType() == io.beammcp.core.annotation.McpTool.class) {
            return new FailureAnalysis(NOTHING_DESCRIPTION, NOTHING_ACTION, cause);
        }
        return cause.beanType() == Catalog.class
                ? new FailureAnalysis(CATALOG_DESCRIPTION, CATALOG_ACTION, cause)
                : new FailureAnalysis(DISPATCH_DESCRIPTION, DISPATCH_ACTION, cause);
    }
}
