package io.beammcp.core.internal.engine;

import io.beammcp.core.internal.access.Access;
import io.beammcp.core.internal.apps.AppsExtension;
import io.beammcp.core.internal.access.Callers;
import io.beammcp.core.internal.call.Outcome;
import io.beammcp.core.internal.call.Request;
import io.beammcp.core.internal.catalog.Blocks;
import io.beammcp.core.internal.catalog.CatalogCompiler;
import io.beammcp.core.internal.catalog.ListKind;
import io.beammcp.core.internal.catalog.LiveCatalog;
import io.beammcp.core.internal.catalog.SchemaCompiler;
import io.beammcp.core.internal.catalog.Source;
import io.beammcp.core.internal.completion.Completions;
import io.beammcp.core.internal.input.InputStates;
import io.beammcp.core.internal.input.Inputs;
import io.beammcp.core.internal.json.JsonCodec;
import io.beammcp.core.internal.limits.CallerRates;
import io.beammcp.core.internal.limits.ToolBulkhead;
import io.beammcp.core.internal.prompts.Prompts;
import io.beammcp.core.internal.prompts.PromptsHandler;
import io.beammcp.core.internal.protocol.Envelopes;
import io.beammcp.core.internal.protocol.McpMethod;
import io.beammcp.core.internal.protocol.ResultShaper;
import io.beammcp.core.internal.resources.Resources;
import io.beammcp.core.internal.resources.ResourcesHandler;
import io.beammcp.core.internal.streams.Broadcaster;
import io.beammcp.core.internal.streams.Listens;
import io.beammcp.core.internal.streams.Offers;
import io.beammcp.core.internal.streams.Streams;
import io.beammcp.core.internal.tasks.TasksExtension;
import io.beammcp.core.internal.tools.ToolCalls;
import io.beammcp.core.internal.tools.ToolsHandler;
import tools.jackson.databind.JsonNode;

import java.security.Principal;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ScheduledThreadPoolExecutor;

/**
 * The engine's collaborators, assembled once from a server's settings: the extensions served (Tasks among them),
 * the catalog compiled from its sources and theirs, the method table of the capabilities and extensions that are
 * on, and what the request path needs around them.
 */
final class Wiring {

    final JsonCodec codec;
    final Envelopes envelopes;
    final Answers answers;
    final LiveCatalog catalog;
    final Capabilities capabilities;
    final Streams streams;
    final Listens listens;
    final Extensions extensions;
    final ToolCalls toolCalls;
    final Access access;
    final Offers offers;
    final ModernRequests modern;
    final LegacyRequests legacy;
    final ScheduledThreadPoolExecutor timers;

    Wiring(ServerConfig config) {
        ServerConfig.Bounds bounds = config.bounds();
        codec = new JsonCodec(bounds.maxMessageSize(), config.valueMapper());
        envelopes = new Envelopes(codec);
        ResultShaper shaper = new ResultShaper(codec, config.identity().name(), config.identity().version());
        answers = new Answers(codec, envelopes, shaper, config.limits().maxResultBytes());
        SchemaCompiler compiler = new SchemaCompiler(codec);
        Blocks blocks = new Blocks(codec);
        streams = new Streams(bounds.maxStreams(), bounds.maxStreamsPerSession(), bounds.maxStreamsPerCaller());
        Broadcaster broadcaster = new Broadcaster(streams, codec, envelopes);
        List<ServerConfig.Contributed> contributed = new ArrayList<>();
        if (config.tasks() != null) {
            contributed.add(new ServerConfig.Contributed("tasks",
                    new TasksExtension(config.tasks(), config.taskSettings(), codec, Clock.systemUTC())));
        }
        contributed.addAll(config.extensions());
        AppsExtension apps = AppsExtension.of(config.sources());
        if (apps != null) {
            contributed.add(new ServerConfig.Contributed("MCP Apps views", apps));
        }
        extensions = new Extensions(contributed, codec);
        List<Source> sources = new ArrayList<>(config.sources());
        sources.addAll(extensions.sources());
        catalog = new LiveCatalog(sources, config.completer(), new CatalogCompiler(codec, compiler));
        capabilities = new Capabilities(codec, catalog, config.identity().instructions(), config.lists().discover(),
                shaper, extensions);
        listens = new Listens(streams, codec, envelopes, shaper);
        toolCalls = new ToolCalls(codec, blocks);
        ServerConfig.Input input = config.input();
        byte[] key = input.stateKey() == null ? InputStates.randomKey() : input.stateKey();
        Inputs inputs = new Inputs(new InputStates(key, input.stateTtl(), Clock.systemUTC(), codec,
                input.stateKey() == null), codec, input.timeout());
        access = new Access(config.accessPolicy(), extensions.skillOf(), uri -> catalog.index().toolsOfView(uri));
        offers = offers(null, Access.NONE);
        MethodTable table = table(config, inputs, blocks);
        modern = new ModernRequests(table, answers, codec, envelopes);
        legacy = new LegacyRequests(table, answers, capabilities, offers, listens, codec, envelopes);
        timers = bounds.toolTimeout() == null ? null : timers();
        ClusterEvents cluster = new ClusterEvents(config.cluster(), codec, catalog, broadcaster, access, extensions);
        catalog.listen(new Announcements(catalog, broadcaster, access, cluster));
        extensions.start(broadcaster, cluster);
        cluster.start();
    }

    private MethodTable table(ServerConfig config, Inputs inputs, Blocks blocks) {
        int pageSize = config.lists().pageSize();
        ToolsHandler tools = new ToolsHandler(catalog::index, toolCalls, inputs, codec, pageSize,
                config.lists().tools(), extensions.toolCalls(access, pageSize, codec),
                new ToolBulkhead(config.limits().maxConcurrentCallsPerTool()), access, CallerRates.of(config.limits()));
        MethodTable.Builder table = new MethodTable.Builder()
                .modern(McpMethod.SERVER_DISCOVER, request -> Outcome.result(capabilities.discover(),
                        capabilities.discoverCache()))
                .modern(McpMethod.SUBSCRIPTIONS_LISTEN, request -> listen(request, pageSize))
                .legacy(McpMethod.PING, request -> Outcome.result(codec.object()))
                .legacy(McpMethod.LOGGING_SET_LEVEL, request -> LegacyRequests.setLevel(request, codec))
                .both(McpMethod.TOOLS_LIST, tools::list)
                .both(McpMethod.TOOLS_CALL, tools::call);
        if (catalog.offers(ListKind.RESOURCES)) {
            ResourcesHandler resources = new ResourcesHandler(catalog::index, new Resources(codec, blocks), inputs,
                    codec, pageSize, config.lists().resources(), access);
            table.both(McpMethod.RESOURCES_LIST, resources::list)
                    .both(McpMethod.RESOURCES_TEMPLATES_LIST, resources::templates)
                    .both(McpMethod.RESOURCES_READ, resources::read);
            if (catalog.listsChange()) {
                table.legacy(McpMethod.RESOURCES_SUBSCRIBE, resources::subscribe)
                        .legacy(McpMethod.RESOURCES_UNSUBSCRIBE, resources::unsubscribe);
            }
        }
        if (catalog.offers(ListKind.PROMPTS)) {
            PromptsHandler prompts = new PromptsHandler(catalog::index, new Prompts(codec, blocks), inputs, codec,
                    pageSize, config.lists().prompts(), access);
            table.both(McpMethod.PROMPTS_LIST, prompts::list).both(McpMethod.PROMPTS_GET, prompts::get);
        }
        if (catalog.completes()) {
            table.both(McpMethod.COMPLETION_COMPLETE, new Completions(codec, catalog::index, access)::handle);
        }
        extensions.enter(table, access, pageSize, codec);
        return table.build();
    }

    /** {@code subscriptions/listen}: its filter checked now, with the members extensions read (Tasks' task ids). */
    private Outcome listen(Request request, int pageSize) {
        JsonNode filter = request.params().get("notifications");
        String caller = Callers.of(request.exchange());
        Map<String, Set<String>> followed = filter == null || !filter.isObject() ? Map.of()
                : extensions.listen(request, filter, access, pageSize, codec);
        return Outcome.listen(listens.check(request.id(), filter, request.context().session(), caller,
                offers(request.context().principal(), access), followed));
    }

    /**
     * What the catalog offers as one caller sees it: a hidden resource is never subscribed to (nor confirmed).
     * With no policy ({@link Access#NONE}), every resource the catalog knows.
     */
    Offers offers(Principal principal, Access policy) {
        return new Offers() {
            @Override
            public boolean listsChange() {
                return catalog.listsChange();
            }

            @Override
            public boolean prompts() {
                return catalog.offers(ListKind.PROMPTS);
            }

            @Override
            public boolean resources() {
                return catalog.offers(ListKind.RESOURCES);
            }

            @Override
            public boolean knows(String uri) {
                return policy == Access.NONE ? catalog.index().resources().knows(uri)
                        : Resources.knows(catalog.index().resources(), uri, principal, policy);
            }
        };
    }

    private static ScheduledThreadPoolExecutor timers() {
        ScheduledThreadPoolExecutor timers = new ScheduledThreadPoolExecutor(1, task -> {
            Thread thread = new Thread(task, "beammcp-tool-timeouts");
            thread.setDaemon(true);
            return thread;
        });
        timers.setRemoveOnCancelPolicy(true);
        return timers;
    }
}
