package io.beammcp.core.extension;

import tools.jackson.databind.node.ObjectNode;

import java.util.function.Supplier;

/**
 * How an extension wraps the host work of a built-in method (Tasks runs a {@code tools/call} as a task). It is
 * asked for each request of the method in a revision the extension is served in, once the method's own checks
 * passed and before the arguments are validated against their schema.
 */
@FunctionalInterface
public interface CallWrapper {

    /**
     * The work to run for this call.
     *
     * @param call the request; {@link ExtensionRequest#bind} joins its context to the extension
     * @param work the method's own work, whose result is that of the call
     * @return the work to run in its place, or {@code work} itself
     * @throws io.beammcp.core.MissingClientCapabilityException to refuse the call with {@code -32021}
     * @throws io.beammcp.core.InvalidParamsException to refuse it with {@code -32602}
     */
    Supplier<ObjectNode> wrap(ExtensionRequest call, Supplier<ObjectNode> work);
}
