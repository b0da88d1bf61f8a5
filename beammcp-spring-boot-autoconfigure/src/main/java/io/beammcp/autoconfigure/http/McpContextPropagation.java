package io.beammcp.autoconfigure.http;

import java.util.concurrent.Executor;

/**
 * Carries the context of the thread that admitted an MCP request (a security context, a logging context) to
 * the thread that serves the rest of it: a body still arriving is read, and host code run, by whichever
 * container thread receives its last bytes, after the filters that set that context have returned. With
 * Spring Security on the classpath the auto-configuration supplies one that carries the
 * {@code SecurityContext}; an application may define its own bean instead.
 */
@FunctionalInterface
public interface McpContextPropagation {

    /**
     * Captures the context of the calling thread, the one the request was admitted on.
     *
     * @return an executor that runs each task at once, on the calling thread, within the captured context
     */
    Executor capture();
}
