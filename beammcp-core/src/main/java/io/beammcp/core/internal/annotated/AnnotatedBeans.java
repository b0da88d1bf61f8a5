package io.beammcp.core.internal.annotated;

import io.beammcp.core.Binding;
import io.beammcp.core.CallContext;
import io.beammcp.core.Completer;
import io.beammcp.core.CompletionBinding;
import io.beammcp.core.InvalidCatalogException;
import io.beammcp.core.PromptArgument;
import io.beammcp.core.PromptBinding;
import io.beammcp.core.PromptSpec;
import io.beammcp.core.ResourceBinding;
import io.beammcp.core.ResourceSpec;
import io.beammcp.core.ResourceTemplateBinding;
import io.beammcp.core.ResourceTemplateSpec;
import io.beammcp.core.ToolBinding;
import io.beammcp.core.ToolSpec;
import io.beammcp.core.annotation.McpAnnotations;
import io.beammcp.core.annotation.McpComplete;
import io.beammcp.core.annotation.McpPrompt;
import io.beammcp.core.annotation.McpPromptArg;
import io.beammcp.core.annotation.McpResource;
import io.beammcp.core.annotation.McpResourceTemplate;
import io.beammcp.core.annotation.McpTool;
import io.beammcp.core.annotation.McpToolParam;
import io.beammcp.core.internal.catalog.UriTemplate;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns a bean's annotated methods into tools, resources, templates, prompts and completions: each method's
 * signature is checked, its schemas derived and its handler bound once, so a call only binds and invokes.
 */
final class AnnotatedBeans {

    private final JsonMapper mapper;
    private final SchemaDerivation schemas;

    public AnnotatedBeans(JsonMapper mapper) {
        this.mapper = mapper;
        this.schemas = new SchemaDerivation(mapper);
    }

    /**
     * Everything a bean's annotated methods contribute, invoked on {@code target}: its tools, resources, templates,
     * prompts and completions, in that order, each kind in the order of its methods.
     *
     * @param type the class whose methods are read (the user class behind a proxy)
     * @throws InvalidCatalogException naming the method that cannot be served
     */
    public List<Binding> scan(Object target, Class<?> type) {
        List<ToolBinding> tools = new ArrayList<>();
        List<ResourceBinding> resources = new ArrayList<>();
        List<ResourceTemplateBinding> templates = new ArrayList<>();
        List<PromptBinding> prompts = new ArrayList<>();
        List<CompletionBinding> completions = new ArrayList<>();
        for (Method method : methods(type)) {
            method.setAccessible(true);
            try {
                if (method.isAnnotationPresent(McpTool.class)) {
                    tools.add(tool(target, method, method.getAnnotation(McpTool.class)));
                }
                if (method.isAnnotationPresent(McpResource.class)) {
                    resources.add(resource(target, method, method.getAnnotation(McpResource.class)));
                }
                if (method.isAnnotationPresent(McpResourceTemplate.class)) {
                    templates.add(template(target, method, method.getAnnotation(McpResourceTemplate.class)));
                }
                if (method.isAnnotationPresent(McpPrompt.class)) {
                    prompts.add(prompt(target, method, method.getAnnotation(McpPrompt.class)));
                }
                if (method.isAnnotationPresent(McpComplete.class)) {
                    completions.add(completion(target, method, method.getAnnotation(McpComplete.class)));
                }
            } catch (InvalidCatalogException e) {
                throw new InvalidCatalogException(where(method) + ": " + e.getMessage());
            }
        }
        List<Binding> all = new ArrayList<>(tools);
        all.addAll(resources);
        all.addAll(templates);
        all.addAll(prompts);
        all.addAll(completions);
        return all;
    }

    private ToolBinding tool(Object target, Method method, McpTool tool) {
        String name = orElse(tool.name(), method.getName());
        Parameter[] parameters = method.getParameters();
        Parameter holder = holder(parameters);
        List<Argument> arguments = new ArrayList<>();
        MethodTool.Slot[] slots = new MethodTool.Slot[parameters.length];
        for (int i = 0; i < parameters.length; i++) {
            Parameter parameter = parameters[i];
            if (parameter.getType() == CallContext.class) {
                slots[i] = MethodTool.Slot.context();
            } else if (parameter == holder) {
                slots[i] = MethodTool.Slot.holder(mapper.constructType(parameter.getParameterizedType()));
            } else {
                McpToolParam param = parameter.getAnnotation(McpToolParam.class);
                String argument = param != null && !param.name().isEmpty() ? param.name() : nameOf(parameter);
                boolean optional = SchemaDerivation.isOptional(parameter.getType()) || SchemaDerivation.nullable(parameter)
                        || SchemaDerivation.nullable(parameter.getAnnotatedType())
                        || (param != null && (!param.required() || !param.defaultValue().isEmpty()));
                List<Annotation> annotations = new ArrayList<>(Arrays.asList(parameter.getAnnotations()));
                annotations.addAll(Arrays.asList(parameter.getAnnotatedType().getAnnotations()));
                arguments.add(new Argument(argument, parameter.getParameterizedType(), annotations, !optional));
                slots[i] = MethodTool.Slot.argument(argument, mapper.constructType(parameter.getParameterizedType()));
            }
        }
        ObjectNode derived = holder != null ? schemas.input(holder.getParameterizedType())
                : arguments.isEmpty() ? null : schemas.input(arguments);
        String inputSchema = !tool.inputSchema().isEmpty() ? tool.inputSchema()
                : derived == null ? null : mapper.writeValueAsString(derived);
        String outputSchema = !tool.outputSchema().isEmpty() ? tool.outputSchema()
                : Results.isObject(method.getReturnType())
                ? mapper.writeValueAsString(schemas.output(method.getGenericReturnType())) : null;
        Map<String, JsonNode> defaults = new LinkedHashMap<>();
        Set<String> declared = new HashSet<>();
        properties(inputSchema, defaults, declared);
        ToolSpec.Builder spec = ToolSpec.builder(name).title(orNull(tool.title())).description(orNull(tool.description()))
                .inputSchema(inputSchema).outputSchema(outputSchema)
                .requiresClientCapabilities(tool.requiredClientCapabilities())
                .taskSupport(tool.taskSupport()).scopes(tool.scopes());
        if (tool.readOnly()) {
            spec.readOnly();
        }
        hint(tool.destructive(), spec::destructive);
        hint(tool.idempotent(), spec::idempotent);
        hint(tool.openWorld(), spec::openWorld);
        MethodTool handler = new MethodTool(name, target, method, slots, defaults, declared, mapper);
        handler.checkDefaults();
        return ToolBinding.of(spec.build(), handler);
    }

    /** The one record or bean parameter, not annotated, that holds every argument; else {@code null}. */
    private static Parameter holder(Parameter[] parameters) {
        Parameter found = null;
        for (Parameter parameter : parameters) {
            if (parameter.getType() == CallContext.class) {
                continue;
            }
            if (found != null) {
                return null;
            }
            found = parameter;
        }
        return found != null && !found.isAnnotationPresent(McpToolParam.class) && Results.isObject(found.getType())
                ? found : null;
    }

    /**
     * The top-level properties of the input schema, and the {@code default} of each that has one, applied when a
     * call omits it.
     */
    private void properties(String inputSchema, Map<String, JsonNode> defaults, Set<String> declared) {
        if (inputSchema == null) {
            return;
        }
        try {
            mapper.readTree(inputSchema).path("properties").properties().forEach(e -> {
                declared.add(e.getKey());
                if (e.getValue().has("default")) {
                    defaults.put(e.getKey(), e.getValue().get("default"));
                }
            });
        } catch (RuntimeException e) {
            // an explicit schema that is not JSON is refused, with its line and column, when the catalog compiles
            defaults.clear();
        }
    }

    private static void hint(McpTool.Hint hint, java.util.function.Consumer<Boolean> set) {
        if (hint != McpTool.Hint.UNSET) {
            set.accept(hint == McpTool.Hint.TRUE);
        }
    }

    private ResourceBinding resource(Object target, Method method, McpResource resource) {
        for (Parameter parameter : method.getParameters()) {
            if (parameter.getType() != CallContext.class) {
                throw new InvalidCatalogException("a resource method takes no parameter but a CallContext");
            }
        }
        Results.checkResource(method);
        String mimeType = orNull(resource.mimeType());
        ResourceSpec spec = ResourceSpec.builder(resource.uri(), orElse(resource.name(), method.getName()))
                .title(orNull(resource.title())).description(orNull(resource.description())).mimeType(mimeType)
                .scopes(resource.scopes()).build();
        MethodCall call = new MethodCall(target, method);
        return ResourceBinding.of(spec, (uri, context) -> Results.contents(uri, mimeType,
                call.invoke(contextOnly(method, context))));
    }

    private ResourceTemplateBinding template(Object target, Method method, McpResourceTemplate template) {
        List<String> variables;
        try {
            variables = UriTemplate.compile(template.uriTemplate()).variables();
        } catch (IllegalArgumentException e) {
            throw new InvalidCatalogException("the template '" + template.uriTemplate() + "' " + e.getMessage());
        }
        Parameter[] parameters = method.getParameters();
        String[] names = new String[parameters.length];
        for (int i = 0; i < parameters.length; i++) {
            Parameter parameter = parameters[i];
            if (parameter.getType() == String.class) {
                names[i] = nameOf(parameter);
                if (!variables.contains(names[i])) {
                    throw new InvalidCatalogException("the parameter '" + names[i] + "' names no variable of "
                            + template.uriTemplate() + " " + variables);
                }
            } else if (parameter.getType() != Map.class && parameter.getType() != CallContext.class) {
                throw new InvalidCatalogException("a template method takes String variables, a Map<String, String> "
                        + "of them all and a CallContext; not " + parameter.getType().getSimpleName());
            }
        }
        Results.checkResource(method);
        String mimeType = orNull(template.mimeType());
        ResourceTemplateSpec spec = ResourceTemplateSpec.builder(template.uriTemplate(),
                orElse(template.name(), method.getName())).title(orNull(template.title()))
                .description(orNull(template.description())).mimeType(mimeType).scopes(template.scopes()).build();
        MethodCall call = new MethodCall(target, method);
        return ResourceTemplateBinding.of(spec, (uri, values, context) -> {
            Object[] args = new Object[parameters.length];
            for (int i = 0; i < parameters.length; i++) {
                args[i] = names[i] != null ? values.get(names[i])
                        : parameters[i].getType() == Map.class ? values : context;
            }
            return Results.contents(uri, mimeType, call.invoke(args));
        });
    }

    private PromptBinding prompt(Object target, Method method, McpPrompt prompt) {
        Parameter[] parameters = method.getParameters();
        String[] names = new String[parameters.length];
        boolean[] optional = new boolean[parameters.length];
        List<PromptArgument> arguments = new ArrayList<>();
        for (int i = 0; i < parameters.length; i++) {
            Parameter parameter = parameters[i];
            if (parameter.getType() == CallContext.class) {
                continue;
            }
            optional[i] = parameter.getType() == java.util.Optional.class;
            if (parameter.getType() != String.class && !optional[i]) {
                throw new InvalidCatalogException("a prompt's arguments are strings (or Optional<String>), not "
                        + parameter.getType().getSimpleName());
            }
            McpPromptArg arg = parameter.getAnnotation(McpPromptArg.class);
            names[i] = arg != null && !arg.name().isEmpty() ? arg.name() : nameOf(parameter);
            boolean required = !optional[i] && !SchemaDerivation.nullable(parameter)
                    && !SchemaDerivation.nullable(parameter.getAnnotatedType()) && (arg == null || arg.required());
            arguments.add(new PromptArgument(names[i], required, arg == null ? null : orNull(arg.title()),
                    arg == null ? null : orNull(arg.description())));
        }
        Results.checkPrompt(method);
        PromptSpec spec = new PromptSpec(orElse(prompt.name(), method.getName()), orNull(prompt.title()),
                orNull(prompt.description()), null, arguments, List.of(prompt.scopes()));
        MethodCall call = new MethodCall(target, method);
        return PromptBinding.of(spec, (values, context) -> {
            Object[] args = new Object[parameters.length];
            for (int i = 0; i < parameters.length; i++) {
                String value = names[i] == null ? null : values.get(names[i]);
                args[i] = names[i] == null ? context : optional[i] ? java.util.Optional.ofNullable(value) : value;
            }
            return Results.prompt(call.invoke(args));
        });
    }

    private CompletionBinding completion(Object target, Method method, McpComplete complete) {
        if (complete.prompt().isEmpty() == complete.uriTemplate().isEmpty()) {
            throw new InvalidCatalogException("@McpComplete names exactly one of prompt and uriTemplate");
        }
        Class<?>[] types = method.getParameterTypes();
        boolean withContext = types.length == 2 && types[0] == String.class && types[1] == Map.class;
        if (!(types.length == 1 && types[0] == String.class) && !withContext) {
            throw new InvalidCatalogException("a completion method takes the partial value (String) and optionally "
                    + "the other values (Map<String, String>)");
        }
        if (!java.util.Collection.class.isAssignableFrom(method.getReturnType())) {
            throw new InvalidCatalogException("a completion method returns a List<String>");
        }
        MethodCall call = new MethodCall(target, method);
        Completer completer = (reference, argument, partial, context) -> {
            Object values = call.invoke(withContext ? new Object[] {partial, context} : new Object[] {partial});
            return values == null ? List.of() : ((java.util.Collection<?>) values).stream().map(String::valueOf).toList();
        };
        Completer.Reference reference = complete.prompt().isEmpty() ? new Completer.Reference(null, complete.uriTemplate())
                : new Completer.Reference(complete.prompt(), null);
        return new CompletionBinding(reference, complete.argument(), completer);
    }

    private static Object[] contextOnly(Method method, CallContext context) {
        Object[] args = new Object[method.getParameterCount()];
        Arrays.fill(args, context);
        return args;
    }

    /** The parameter's compiled name; without {@code -parameters} there is none to read. */
    static String nameOf(Parameter parameter) {
        if (!parameter.isNamePresent()) {
            throw new InvalidCatalogException("the names of its parameters were not compiled in: compile with "
                    + "-parameters (Spring Boot's build plugins do), or name each parameter in its annotation");
        }
        return parameter.getName();
    }

    /** The annotated methods of a type and its superclasses, each signature once (the most derived). */
    private static List<Method> methods(Class<?> type) {
        List<Method> found = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            Method[] declared = c.getDeclaredMethods();
            Arrays.sort(declared, java.util.Comparator.comparing(Method::getName)
                    .thenComparing(m -> Arrays.toString(m.getParameterTypes())));
            for (Method method : declared) {
                if (method.isBridge() || method.isSynthetic() || Modifier.isStatic(method.getModifiers())) {
                    continue;
                }
                String signature = method.getName() + Arrays.toString(method.getParameterTypes());
                if (seen.add(signature) && McpAnnotations.annotated(method)) {
                    found.add(method);
                }
            }
        }
        return found;
    }


    static String where(Method method) {
        return method.getDeclaringClass().getName() + "." + method.getName();
    }

    private static String orElse(String value, String fallback) {
        return value.isEmpty() ? fallback : value;
    }

    private static String orNull(String value) {
        return value.isEmpty() ? null : value;
    }
}
