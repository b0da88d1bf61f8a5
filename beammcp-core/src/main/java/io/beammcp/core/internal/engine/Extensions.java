package io.beammcp.core.internal.engine;

import io.beammcp.core.InvalidCatalogException;
import io.beammcp.core.InvalidParamsException;
import io.beammcp.core.MissingClientCapabilityException;
import io.beammcp.core.Revision;
import io.beammcp.core.extension.CallWrapper;
import io.beammcp.core.extension.ExtensionMethod;
import io.beammcp.core.extension.ListenFilter;
import io.beammcp.core.extension.ListenStreams;
import io.beammcp.core.extension.McpExtension;
import io.beammcp.core.extension.Negotiation;
import io.beammcp.core.internal.access.Access;
import io.beammcp.core.internal.call.CallWrap;
import io.beammcp.core.internal.call.Handler;
import io.beammcp.core.internal.call.HostContext;
import io.beammcp.core.internal.call.HostFaults;
import io.beammcp.core.internal.call.Outcome;
import io.beammcp.core.internal.call.Request;
import io.beammcp.core.internal.catalog.Source;
import io.beammcp.core.internal.input.InputAnswers;
import io.beammcp.core.internal.json.JsonCodec;
import io.beammcp.core.internal.protocol.CacheHints;
import io.beammcp.core.internal.protocol.McpError;
import io.beammcp.core.internal.protocol.McpMethod;
import io.beammcp.core.internal.skills.SkillsExtension;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;

/**
 * The extensions a server serves, checked once when it is built (a malformed identifier, one contributed twice,
 * a method added twice or one of the server's own, a listen filter member read twice or one of the server's own
 * refuse the build, naming both), and adapted onto the request path: their settings in the capabilities, their
 * methods in the method table of each revision they are served in, their bindings as a source of the catalog,
 * their wrappers around the work of {@code tools/call}, the members of a listen's filter they read.
 */
final class Extensions {

    private static final Logger log = LoggerFactory.getLogger(Extensions.class);
    /** Dot-separated labels, a slash, a name (SEP-2133): the prefix is mandatory. */
    private static final Pattern ID = Pattern.compile(
            "[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*/"
                    + "[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?");
    private static final String TOOLS_CALL = McpMethod.TOOLS_CALL.id();
    /** The members of a listen's filter the server reads itself. */
    private static final Set<String> CORE_MEMBERS = Set.of("toolsListChanged", "promptsListChanged",
            "resourcesListChanged", "resourceSubscriptions");

    /** One extension, with what was read from it once. */
    private record Served(String source, McpExtension extension, Map<Revision, ObjectNode> settings,
            List<ExtensionMethod> methods, CallWrapper toolCalls, Map<String, ListenFilter> listens) {

        String named() {
            return "extension " + extension.id() + " (" + source + ")";
        }
    }

    private final List<Served> served = new ArrayList<>();

    Extensions(List<ServerConfig.Contributed> contributed, JsonCodec codec) {
        Map<String, Served> byId = new HashMap<>();
        Map<String, Served> byMethod = new HashMap<>();
        Map<String, Served> byMember = new HashMap<>();
        for (ServerConfig.Contributed c : contributed) {
            McpExtension extension = c.extension();
            String id = extension.id();
            if (id == null || !ID.matcher(id).matches()) {
                throw new InvalidCatalogException("Extension " + id + " (" + c.source() + ") has no valid identifier:"
                        + " a prefix of dot-separated labels, a slash and a name, such as io.example/notes");
            }
            Map<Revision, ObjectNode> settings = new LinkedHashMap<>();
            for (Revision revision : Revision.values()) {
                Map<String, Object> value = extension.settings(revision);
                if (value != null) {
                    settings.put(revision, (ObjectNode) codec.toTree(value));
                }
            }
            Served one = new Served(c.source(), extension, settings, List.copyOf(extension.methods()),
                    extension.wraps(TOOLS_CALL), Map.copyOf(extension.listens()));
            Served twice = byId.putIfAbsent(id, one);
            if (twice != null) {
                throw new InvalidCatalogException("Extension " + id + " is contributed twice: by " + twice.source()
                        + " and by " + c.source());
            }
            for (ExtensionMethod method : one.methods()) {
                if (McpMethod.of(method.name()) != null) {
                    throw new InvalidCatalogException("Method " + method.name() + " of " + one.named()
                            + " is one of the server's own");
                }
                Served other = byMethod.putIfAbsent(method.name(), one);
                if (other != null) {
                    throw new InvalidCatalogException("Method " + method.name() + " is added twice: by "
                            + other.named() + " and by " + one.named());
                }
            }
            for (String member : one.listens().keySet()) {
                if (CORE_MEMBERS.contains(member)) {
                    throw new InvalidCatalogException("Listen filter member " + member + " of " + one.named()
                            + " is one of the server's own");
                }
                Served other = byMember.putIfAbsent(member, one);
                if (other != null) {
                    throw new InvalidCatalogException("Listen filter member " + member + " is read twice: by "
                            + other.named() + " and by " + one.named());
                }
            }
            served.add(one);
        }
    }

    /**
     * {@code capabilities.extensions} of a revision: each extension served in it with its settings, in the order
     * contributed; {@code null} when none is.
     */
    ObjectNode advertised(Revision revision, JsonCodec codec) {
        ObjectNode extensions = null;
        for (Served one : served) {
            ObjectNode settings = one.settings().get(revision);
            if (settings != null) {
                if (extensions == null) {
                    extensions = codec.object();
                }
                extensions.set(one.extension().id(), settings);
            }
        }
        return extensions;
    }

    /** What the extensions offer as the host's own, one source each, named by its contributor. */
    List<Source> sources() {
        List<Source> sources = new ArrayList<>();
        for (Served one : served) {
            if (!one.settings().isEmpty() && !one.extension().bindings().isEmpty()) {
                sources.add(Source.of(one.source(), one.extension().bindings()));
            }
        }
        return sources;
    }

    /**
     * The skill a resource belongs to, as the Skills extension served here says, so the access policy hides a
     * hidden skill's files too; none without it.
     */
    UnaryOperator<String> skillOf() {
        for (Served one : served) {
            if (one.extension() instanceof SkillsExtension skills && !one.settings().isEmpty()) {
                return skills::skillOf;
            }
        }
        return uri -> null;
    }

    /** The names of every method an extension adds, for observation. */
    Set<String> methods() {
        Set<String> names = new HashSet<>();
        served.forEach(one -> one.methods().forEach(method -> names.add(method.name())));
        return Set.copyOf(names);
    }

    /** Enters each extension's methods in the table of each revision it is served in. */
    void enter(MethodTable.Builder table, Access access, int pageSize, JsonCodec codec) {
        for (Served one : served) {
            for (ExtensionMethod method : one.methods()) {
                MethodTable.Route route = new MethodTable.Route(handler(one.extension(), method, access, pageSize, codec),
                        method.mirroredParam());
                for (Revision revision : one.settings().keySet()) {
                    table.extension(revision == Revision.V2026_07_28, method.name(), route);
                }
            }
        }
    }

    /**
     * A request of an extension's method: its negotiation first (a request that did not declare a negotiated
     * extension is refused before anything else), then the handler, run as host work.
     */
    private static Handler handler(McpExtension extension, ExtensionMethod method,
            Access access, int pageSize, JsonCodec codec) {
        String id = extension.id();
        Negotiation negotiation = extension.negotiation();
        CacheHints cache = method.cacheTtl() == null ? null
                : access.listHints(CacheHints.of(method.cacheTtl(), method.cacheScope()));
        return request -> {
            if (negotiation != Negotiation.NONE && !ExtensionCall.declared(request.context(), id)) {
                if (negotiation == Negotiation.DECLARED) {
                    throw McpError.methodNotFound();
                }
                throw InputAnswers.missingCapability(codec, request.era(),
                        new MissingClientCapabilityException(List.of(List.of("extensions", id))));
            }
            ExtensionCall call = new ExtensionCall(request, id, false, access, pageSize, codec);
            return Outcome.work(() -> run(method, call, request.context()), cache);
        };
    }

    private static ObjectNode run(ExtensionMethod method, ExtensionCall call, HostContext context) {
        ObjectNode result;
        try {
            result = method.handler().apply(call);
        } catch (McpError | MissingClientCapabilityException e) {
            throw e;
        } catch (InvalidParamsException refusal) {
            throw HostFaults.refused(refusal, McpError.INVALID_PARAMS, null);
        } catch (RuntimeException failure) {
            throw HostFaults.internal("Extension method " + method.name(), failure, context);
        }
        if (result == null) {
            log.error("Extension method {} returned no result; the client got -32603", method.name());
            throw new McpError(McpError.INTERNAL_ERROR, "Internal error");
        }
        return result;
    }

    /** What the extensions that wrap {@code tools/call} do around a call's work, in the order contributed. */
    CallWrap toolCalls(Access access, int pageSize, JsonCodec codec) {
        List<Served> wrapping = served.stream().filter(one -> one.toolCalls() != null).toList();
        if (wrapping.isEmpty()) {
            return CallWrap.NONE;
        }
        return (request, work) -> {
            Supplier<ObjectNode> wrapped = work;
            for (Served one : wrapping) {
                if (!one.settings().containsKey(request.era())) {
                    continue;
                }
                ExtensionCall call = new ExtensionCall(request, one.extension().id(), true, access, pageSize, codec);
                try {
                    wrapped = one.toolCalls().wrap(call, wrapped);
                } catch (MissingClientCapabilityException e) {
                    throw InputAnswers.missingCapability(codec, request.era(), e);
                } catch (InvalidParamsException refusal) {
                    throw HostFaults.refused(refusal, McpError.INVALID_PARAMS, null);
                }
                if (wrapped == null) {
                    throw new IllegalStateException(one.named() + " wrapped tools/call into no work");
                }
            }
            return wrapped;
        };
    }

    /**
     * The keys a {@code subscriptions/listen} follows of each filter member an extension served in 2026-07-28
     * reads; an extension's refusal refuses the listen.
     */
    Map<String, Set<String>> listen(Request request, JsonNode filter, Access access, int pageSize, JsonCodec codec) {
        Map<String, Set<String>> followed = new LinkedHashMap<>();
        for (Served one : served) {
            if (!one.settings().containsKey(request.era())) {
                continue;
            }
            for (Map.Entry<String, ListenFilter> member : one.listens().entrySet()) {
                JsonNode value = filter.get(member.getKey());
                if (value == null) {
                    continue;
                }
                ExtensionCall call = new ExtensionCall(request, one.extension().id(), false, access, pageSize, codec);
                try {
                    followed.put(member.getKey(), Set.copyOf(member.getValue().follow(call, value)));
                } catch (MissingClientCapabilityException e) {
                    throw InputAnswers.missingCapability(codec, request.era(), e);
                } catch (InvalidParamsException refusal) {
                    throw HostFaults.refused(refusal, McpError.INVALID_PARAMS, null);
                }
            }
        }
        return followed;
    }

    /** Starts every extension, with where it notifies listen streams and tells its peers. */
    void start(ListenStreams streams, ClusterEvents cluster) {
        for (Served one : served) {
            String id = one.extension().id();
            one.extension().start(new ListenStreams() {
                @Override
                public Set<String> followed(String member) {
                    return streams.followed(member);
                }

                @Override
                public void notify(String member, String key, String method, ObjectNode params) {
                    streams.notify(member, key, method, params);
                }

                @Override
                public void tellPeers(ObjectNode message) {
                    cluster.toPeers(id, message);
                }
            });
        }
    }

    /** A message an extension sent from another instance, for the same extension here; none served: dropped. */
    void fromPeer(String id, ObjectNode message) {
        for (Served one : served) {
            if (one.extension().id().equals(id)) {
                one.extension().fromPeer(message);
            }
        }
    }

    /** Stops every extension, each on its own: one that fails to stop does not keep the others running. */
    void close() {
        for (Served one : served) {
            try {
                one.extension().close();
            } catch (RuntimeException e) {
                log.warn("The {} failed to stop", one.named(), e);
            }
        }
    }
}
