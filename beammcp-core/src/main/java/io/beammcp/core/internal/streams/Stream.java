package io.beammcp.core.internal.streams;

import io.beammcp.core.internal.catalog.ListKind;
import io.beammcp.core.internal.session.Cancellable;
import io.beammcp.core.internal.session.Session;
import io.beammcp.core.internal.session.SessionStream;
import io.beammcp.core.spi.Exchange;
import io.beammcp.core.spi.Reply;
import tools.jackson.databind.JsonNode;

import java.security.Principal;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * One open stream of change notifications: a 2026-07-28 {@code subscriptions/listen} (its filter fixed by
 * the acknowledgement, every frame tagged with its id), or a 2025-11-25 session's channel (the HTTP
 * {@code GET} stream, or stdout after {@code notifications/initialized}), which gets every list change the
 * server advertises and the updates of the session's subscribed resources. Either way a list change reaches it
 * only when the principal that opened it sees an entry that changed.
 */
public final class Stream implements Cancellable, SessionStream {

    private final Streams registry;
    private final Exchange exchange;
    private final Session owner;
    /** The name of the caller that opened it ({@code ""} for none), whose share of streams it takes. */
    private final String caller;
    /** Who opened it, as the transport authenticated them: list changes reach it only if it sees one. */
    private final Principal principal;
    /** The listen request's id, or {@code null} for a legacy session's channel. */
    private final JsonNode listenId;
    private final Filter filter;
    private final Consumer<Reply> end;
    /** What the server sends when it ends the stream: the listen result, then on stdio {@code notifications/cancelled}. */
    private final Reply teardownReply;
    private final byte[] teardownNotice;
    private boolean open = true;

    /**
     * The notification types a stream receives.
     *
     * @param tools {@code notifications/tools/list_changed}
     * @param prompts {@code notifications/prompts/list_changed}
     * @param resources {@code notifications/resources/list_changed}
     * @param uris the resources whose {@code notifications/resources/updated} it receives, or {@code null}
     *        for those the owning legacy session subscribed to
     * @param followed the keys it follows of each member an extension reads (Tasks: the task ids under
     *        {@code taskIds}), whose notifications that extension sends it
     */
    public record Filter(boolean tools, boolean prompts, boolean resources, Set<String> uris,
            Map<String, Set<String>> followed) {

        boolean wants(ListKind kind) {
            return switch (kind) {
                case TOOLS -> tools;
                case PROMPTS -> prompts;
                case RESOURCES -> resources;
            };
        }
    }

    public Stream(Streams registry, Exchange exchange, Session owner, String caller, JsonNode listenId,
            Filter filter, Consumer<Reply> end, Reply teardownReply, byte[] teardownNotice) {
        this.registry = registry;
        this.exchange = exchange;
        this.owner = owner;
        this.caller = caller;
        this.principal = exchange.principal();
        this.listenId = listenId;
        this.filter = filter;
        this.end = end;
        this.teardownReply = teardownReply;
        this.teardownNotice = teardownNotice;
    }

    Session owner() {
        return owner;
    }

    String caller() {
        return caller;
    }

    /** The principal of the request that opened the stream, or {@code null} when the transport named none. */
    Principal principal() {
        return principal;
    }

    /** The id tagging this stream's frames ({@code subscriptionId}), or {@code null} for a legacy channel. */
    JsonNode listenId() {
        return listenId;
    }

    boolean wantsList(ListKind kind) {
        return filter.wants(kind);
    }

    /** Whether this listen stream follows a key of an extension's member. */
    boolean follows(String member, String key) {
        return listenId != null && followed(member).contains(key);
    }

    /** The keys this stream follows of an extension's member. */
    Set<String> followed(String member) {
        return filter.followed().getOrDefault(member, Set.of());
    }

    boolean wantsUpdate(String uri) {
        return filter.uris() != null ? filter.uris().contains(uri) : owner != null && owner.subscribed(uri);
    }

    /**
     * Opens the stream: registers it, then sends {@code first} (the acknowledgement), so that nothing for
     * this stream precedes it. {@code null} when it opened, else why not.
     */
    public synchronized String open(byte[] first) {
        String refusal = registry.admit(this);
        if (refusal != null) {
            open = false;
            return refusal;
        }
        if (owner != null && listenId != null) {
            owner.inFlight().putIfAbsent(Session.key(listenId), this);
        }
        exchange.onClose(this::cancel);
        if (first != null && !exchange.send(first)) {
            cancel();
        }
        return null;
    }

    /** Sends one notification; {@code false} when the stream is closed or the client is gone. */
    boolean deliver(byte[] notification) {
        synchronized (this) {
            if (!open) {
                return false;
            }
            if (exchange.send(notification)) {
                return true;
            }
        }
        cancel();
        return false;
    }

    /** The client ended the stream (or left): stop silently. */
    @Override
    public void cancel() {
        if (close()) {
            end.accept(Reply.of(Reply.Kind.UNANSWERED, null));
        }
    }

    /** The server ends the stream: the listen result, then on stdio {@code notifications/cancelled}. */
    @Override
    public void teardown() {
        if (close()) {
            end.accept(teardownReply);
            if (teardownNotice != null) {
                exchange.send(teardownNotice);
            }
        }
    }

    private boolean close() {
        synchronized (this) {
            if (!open) {
                return false;
            }
            open = false;
        }
        registry.remove(this);
        if (owner != null && listenId != null) {
            owner.inFlight().remove(Session.key(listenId), this);
        }
        return true;
    }
}
