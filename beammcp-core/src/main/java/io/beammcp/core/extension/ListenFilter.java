package io.beammcp.core.extension;

import tools.jackson.databind.JsonNode;

import java.util.Set;

/**
 * How an extension answers a member of the {@code notifications} filter of {@code subscriptions/listen}
 * (2026-07-28) that it reads, such as Tasks' {@code taskIds}.
 */
@FunctionalInterface
public interface ListenFilter {

    /**
     * The keys the stream follows from now on, echoed in its acknowledgement; the extension notifies them through
     * {@link ListenStreams}.
     *
     * @param request the listen request
     * @param value the member's value as sent
     * @return the keys followed, none to leave the member out of the acknowledgement
     * @throws io.beammcp.core.InvalidParamsException to refuse the listen with {@code -32602}
     * @throws io.beammcp.core.MissingClientCapabilityException to refuse it with {@code -32021}
     */
    Set<String> follow(ExtensionRequest request, JsonNode value);
}
