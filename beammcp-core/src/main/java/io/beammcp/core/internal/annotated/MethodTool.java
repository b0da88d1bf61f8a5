package io.beammcp.core.internal.annotated;

import io.beammcp.core.CallContext;
import io.beammcp.core.InvalidCatalogException;
import io.beammcp.core.ToolBinding;
import io.beammcp.core.ToolErrorException;
import io.beammcp.core.ToolResult;
import io.beammcp.core.internal.call.HostContext;
import io.beammcp.core.internal.json.JavaValues;
import io.beammcp.core.internal.json.JsonNumbers;
import io.beammcp.core.internal.protocol.ArgumentRefusal;
import io.beammcp.core.internal.protocol.ToolErrors;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectReader;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import java.lang.reflect.Method;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * An annotated tool method as the handler of its tool: the validated arguments bound to the parameter
 * types with the application's mapper (an omitted argument takes the schema's {@code default}), the method
 * invoked, and what it returns made a result.
 */
final class MethodTool implements ToolBinding.Handler {

    /** Values the schema already typed that reach the method as they are, without a conversion. */
    private static final Set<Class<?>> AS_SENT = Set.of(String.class, Boolean.class, Integer.class, Long.class,
            BigInteger.class, BigDecimal.class);

    private static final Map<Class<?>, Class<?>> BOXED = Map.of(int.class, Integer.class, long.class, Long.class,
            boolean.class, Boolean.class);

    /** What one parameter receives. */
    record Slot(String argument, JavaType type, boolean holder) {

        static Slot context() {
            return new Slot(null, null, false);
        }

        static Slot holder(JavaType type) {
            return new Slot(null, type, true);
        }

        static Slot argument(String name, JavaType type) {
            return new Slot(name, type, false);
        }
    }

    private final String tool;
    private final MethodCall call;
    private final Method method;
    private final Slot[] slots;
    private final Map<String, JsonNode> defaults;
    /** The top-level properties the input schema declares: the only ones a method sees. */
    private final Set<String> declared;
    private final JsonMapper mapper;
    /** One reader per parameter type: the deserializer found once, not on each call. */
    private final Map<JavaType, ObjectReader> readers = new java.util.concurrent.ConcurrentHashMap<>();

    MethodTool(String tool, Object target, Method method, Slot[] slots, Map<String, JsonNode> defaults,
            Set<String> declared, JsonMapper mapper) {
        this.tool = tool;
        this.declared = declared;
        this.call = new MethodCall(target, method);
        this.method = method;
        this.slots = slots;
        this.defaults = defaults;
        this.mapper = mapper;
    }

    /** Refuses at startup a default that the parameter's type cannot hold. */
    void checkDefaults() {
        for (Slot slot : slots) {
            JsonNode value = slot.argument() == null ? null : defaults.get(slot.argument());
            if (value != null) {
                try {
                    bind(JavaValues.of(value), slot.type());
                } catch (IllegalArgumentException | JacksonException e) {
                    throw new InvalidCatalogException("the default " + value + " of '" + slot.argument()
                            + "' is not a " + slot.type().getRawClass().getSimpleName());
                }
            }
        }
    }

    @Override
    public ToolResult call(Map<String, Object> arguments, CallContext context) throws Exception {
        // the arguments as the server read them, when it did: objects bind from the tree, without a detour
        JsonNode read = context instanceof HostContext host ? host.arguments() : null;
        String tooLong = read != null ? tooLong(read) : tooLong(arguments);
        if (tooLong != null) {
            throw unbindable(tooLong, "holds a number of more than " + JsonNumbers.MAX_DIGITS
                    + " digits written out, which is not bound");
        }
        Object[] values = new Object[slots.length];
        for (int i = 0; i < slots.length; i++) {
            Slot slot = slots[i];
            if (slot.type() == null) {
                values[i] = context;
            } else if (slot.holder()) {
                // from the tree only when it holds nothing the schema does not declare, as the map does
                values[i] = read instanceof ObjectNode object && declared.containsAll(object.propertyNames())
                        ? bindTree(withDefaults(object), slot.type(), "$") : bind(withDefaults(arguments), slot.type(), "$");
            } else if (read != null) {
                String name = slot.argument();
                JsonNode node = read.get(name);
                if (node == null) {
                    node = defaults.get(name);
                }
                values[i] = node != null && (node.isObject() || node.isArray()) ? bindTree(node, slot.type(), "$." + name)
                        : bind(node == null ? null : JavaValues.of(node), slot.type(), "$." + name);
            } else {
                String name = slot.argument();
                Object value = arguments.get(name);
                if (value == null && !arguments.containsKey(name) && defaults.containsKey(name)) {
                    value = JavaValues.of(defaults.get(name));
                }
                values[i] = bind(value, slot.type(), "$." + name);
            }
        }
        return Results.tool(call.invoke(values), method);
    }

    private Map<String, Object> withDefaults(Map<String, Object> arguments) {
        if (defaults.isEmpty() || arguments.keySet().containsAll(defaults.keySet())) {
            return arguments;
        }
        Map<String, Object> completed = new LinkedHashMap<>(arguments);
        defaults.forEach((name, value) -> completed.putIfAbsent(name, JavaValues.of(value)));
        return completed;
    }

    private JsonNode withDefaults(ObjectNode arguments) {
        if (defaults.isEmpty() || defaults.keySet().stream().allMatch(arguments::has)) {
            return arguments;
        }
        ObjectNode completed = arguments.deepCopy();
        defaults.forEach((name, value) -> {
            if (!completed.has(name)) {
                completed.set(name, value);
            }
        });
        return completed;
    }

    /** An object or array bound straight from the tree the server read; a failure is the same tool error. */
    private Object bindTree(JsonNode node, JavaType type, String path) {
        try {
            if (type.getRawClass() == Optional.class) {
                return Optional.of(reader(type.containedType(0)).readValue(node));
            }
            return reader(type).readValue(node);
        } catch (IllegalArgumentException | JacksonException e) {
            throw unbindable(type, path);
        }
    }

    /** A value bound to its parameter; one the schema admitted but the type cannot hold is a tool error. */
    private Object bind(Object value, JavaType type, String path) {
        try {
            return bind(value, type);
        } catch (IllegalArgumentException | JacksonException e) {
            throw unbindable(type, path);
        }
    }

    private ObjectReader reader(JavaType type) {
        return readers.computeIfAbsent(type, mapper::readerFor);
    }

    private ToolErrorException unbindable(JavaType type, String path) {
        return unbindable(path, "cannot be read as " + type.getRawClass().getSimpleName());
    }

    private ToolErrorException unbindable(String path, String message) {
        return new ArgumentRefusal("Invalid arguments for tool '" + tool + "':",
                List.of(new ToolErrors.Violation(path, "binding", message)));
    }

    /**
     * The path of the first argument holding a number longer than the reader takes written out: binding
     * {@code 1e99999} to a {@code BigInteger} takes a third of a second and {@code 1e999999999} would take minutes,
     * so such numbers are never bound, wherever they stand.
     */
    private static String tooLong(JsonNode arguments) {
        for (Map.Entry<String, JsonNode> e : arguments.properties()) {
            if (holdsTooLong(e.getValue())) {
                return "$." + e.getKey();
            }
        }
        return null;
    }

    private static String tooLong(Map<String, Object> arguments) {
        for (Map.Entry<String, Object> e : arguments.entrySet()) {
            if (holdsTooLong(e.getValue())) {
                return "$." + e.getKey();
            }
        }
        return null;
    }

    /** Whether the value (a tree, or values as {@code JavaValues} makes them) holds a number too long to bind. */
    private static boolean holdsTooLong(Object value) {
        if (value instanceof JsonNode node) {
            if (node.isBigDecimal()) {
                return JsonNumbers.digits(node.decimalValue()) > JsonNumbers.MAX_DIGITS;
            }
            if (node.isContainer()) {
                for (JsonNode item : node.values()) {
                    if (holdsTooLong(item)) {
                        return true;
                    }
                }
            }
            return false;
        }
        if (value instanceof BigDecimal number) {
            return JsonNumbers.digits(number) > JsonNumbers.MAX_DIGITS;
        }
        java.util.Collection<?> items = value instanceof Map<?, ?> map ? map.values()
                : value instanceof java.util.Collection<?> list ? list : List.of();
        for (Object item : items) {
            if (holdsTooLong(item)) {
                return true;
            }
        }
        return false;
    }

    private Object bind(Object value, JavaType type) {
        Class<?> raw = type.getRawClass();
        if (raw == Optional.class) {
            return value == null ? Optional.empty() : Optional.of(bind(value, type.containedType(0)));
        }
        if (value == null) {
            // a primitive takes its zero, an OptionalInt and its kin their empty value
            return raw.isPrimitive() || SchemaDerivation.isOptional(raw) ? mapper.convertValue(null, type) : null;
        }
        Class<?> sent = value.getClass();
        if (AS_SENT.contains(sent) && (raw == sent || raw == Object.class || BOXED.get(raw) == sent)) {
            return value;
        }
        return mapper.convertValue(value, type);
    }
}
