package io.beammcp.core.internal.annotated;

import io.beammcp.core.CallContext;
import io.beammcp.core.Content;
import io.beammcp.core.InvalidCatalogException;
import io.beammcp.core.PromptMessage;
import io.beammcp.core.PromptResult;
import io.beammcp.core.ReadResult;
import io.beammcp.core.ResourceContents;
import io.beammcp.core.ToolResult;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.Collection;
import java.util.List;

/** What annotated methods return, made the results the core renders; and the return types each kind accepts. */
final class Results {

    private Results() {
    }

    /** A record or bean: its JSON is an object, so it is structured content with an output schema. */
    static boolean isObject(Class<?> type) {
        if (type.isRecord()) {
            return true;
        }
        return !type.isPrimitive() && !type.isArray() && !type.isEnum() && !type.isInterface()
                && !Modifier.isAbstract(type.getModifiers()) && !type.getName().startsWith("java.")
                && type != CallContext.class && !Content.class.isAssignableFrom(type)
                && !ToolResult.class.isAssignableFrom(type);
    }

    /**
     * {@code void} or {@code null}: a success without content. A {@code List} of content blocks: those
     * blocks. Anything else as {@link ToolResult#of(Object)} renders it.
     */
    static ToolResult tool(Object value, Method method) {
        if (value == null) {
            return ToolResult.content();
        }
        if (value instanceof ToolResult result) {
            return result;
        }
        if (value instanceof Content content) {
            return ToolResult.content(content);
        }
        if (value instanceof List<?> list && elementType(method.getGenericReturnType()) instanceof Class<?> c
                && Content.class.isAssignableFrom(c)) {
            return new ToolResult.Success(list.stream().map(Content.class::cast).toList(), null);
        }
        return ToolResult.of(value);
    }

    static void checkResource(Method method) {
        Class<?> type = method.getReturnType();
        if (type != String.class && type != byte[].class && type != ResourceContents.class && type != ReadResult.class
                && !List.class.isAssignableFrom(type)) {
            throw new InvalidCatalogException("a resource method returns String, byte[], ResourceContents, a List of "
                    + "them or ReadResult, not " + type.getSimpleName());
        }
    }

    /** Text or bytes become contents of the requested URI; {@code null} is not found. */
    static ReadResult contents(String uri, String mimeType, Object value) {
        if (value == null) {
            return ReadResult.notFound();
        }
        if (value instanceof ReadResult result) {
            return result;
        }
        if (value instanceof String text) {
            return ReadResult.of(ResourceContents.text(uri, mimeType, text));
        }
        if (value instanceof byte[] blob) {
            return ReadResult.of(ResourceContents.blob(uri, mimeType, blob));
        }
        if (value instanceof ResourceContents contents) {
            return ReadResult.of(contents);
        }
        return new ReadResult.Found(((Collection<?>) value).stream().map(ResourceContents.class::cast).toList());
    }

    static void checkPrompt(Method method) {
        Class<?> type = method.getReturnType();
        if (type != String.class && type != PromptResult.class && type != PromptMessage.class
                && !List.class.isAssignableFrom(type)) {
            throw new InvalidCatalogException("a prompt method returns PromptResult, PromptMessage, a List of them or "
                    + "String, not " + type.getSimpleName());
        }
    }

    /** A {@code String} is one user message; {@code null} breaks the contract. */
    static PromptResult prompt(Object value) {
        if (value instanceof PromptResult result) {
            return result;
        }
        if (value instanceof String text) {
            return PromptResult.of(PromptMessage.user(Content.text(text)));
        }
        if (value instanceof PromptMessage message) {
            return PromptResult.of(message);
        }
        if (value instanceof List<?> list) {
            return new PromptResult(null, list.stream().map(PromptMessage.class::cast).toList());
        }
        throw new IllegalStateException("The prompt method returned null");
    }

    private static Type elementType(Type type) {
        return type instanceof ParameterizedType p && p.getActualTypeArguments().length == 1
                ? p.getActualTypeArguments()[0] : null;
    }
}
