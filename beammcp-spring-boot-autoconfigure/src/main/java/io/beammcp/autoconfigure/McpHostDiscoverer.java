package io.beammcp.autoconfigure;

import io.beammcp.core.Binding;
import io.beammcp.core.BindingRegistry;
import io.beammcp.core.Completer;
import io.beammcp.core.annotation.McpAnnotations;
import io.beammcp.core.annotation.McpPromptArg;
import io.beammcp.core.annotation.McpTool;
import io.beammcp.core.annotation.McpToolParam;
import io.beammcp.core.catalog.Catalog;
import io.beammcp.core.catalog.CatalogChanges;
import io.beammcp.core.catalog.Dispatch;
import io.beammcp.core.catalog.PromptRenderer;
import io.beammcp.core.catalog.ResourceReader;
import io.beammcp.core.extension.McpExtension;
import io.beammcp.core.server.McpServerBuilder;
import org.springframework.aop.framework.autoproxy.AutoProxyUtils;
import org.springframework.beans.factory.NoUniqueBeanDefinitionException;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.core.annotation.AnnotationAwareOrderComparator;
import org.springframework.util.ClassUtils;
import org.springframework.util.ReflectionUtils;

import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Finds everything the application contributes to its MCP server, in order, and hands it to the builder
 * under its bean's name: beans with annotated methods (in definition order), {@link Binding} beans (tools,
 * resources, templates and prompts bound to their code, by their order),
 * the low-level {@link Catalog} with its {@link Dispatch} (an adapter onto bindings), a {@link BindingRegistry}, and
 * {@link McpExtension} beans (by their order).
 */
final class McpHostDiscoverer {

    private final ConfigurableListableBeanFactory beans;

    McpHostDiscoverer(ConfigurableListableBeanFactory beans) {
        this.beans = beans;
    }

    /**
     * Adds every contribution; none at all, counting {@code others} made already (the skills), is a
     * {@link MissingHostBeanException}.
     */
    void contribute(McpServerBuilder builder, int others) {
        int contributions = others + annotated(builder);
        contributions += bindings(builder);
        contributions += lowLevel(builder);
        contributions += extensions(builder);
        String registry = single(BindingRegistry.class);
        if (registry != null) {
            builder.registry(registry, beans.getBean(registry, BindingRegistry.class));
            contributions++;
        }
        if (contributions == 0) {
            throw new MissingHostBeanException(McpTool.class);
        }
    }

    private int annotated(McpServerBuilder builder) {
        int found = 0;
        for (String name : beans.getBeanDefinitionNames()) {
            if (beans.getBeanDefinition(name).isAbstract()) {
                continue;
            }
            // the class behind a proxy (a JDK interface proxy too), whose annotated methods are the bean's own
            Class<?> type = AutoProxyUtils.determineTargetClass(beans, name);
            if (type == null) {
                continue;
            }
            Class<?> user = ClassUtils.getUserClass(type);
            if (McpAnnotations.presentOn(user)) {
                checkParameterNames(name, user);
                builder.annotated(name, beans.getBean(name), user);
                found++;
            }
        }
        return found;
    }

    private int bindings(McpServerBuilder builder) {
        List<Map.Entry<String, Binding>> found = new ArrayList<>(beans.getBeansOfType(Binding.class).entrySet());
        found.sort((a, b) -> AnnotationAwareOrderComparator.INSTANCE.compare(a.getValue(), b.getValue()));
        found.forEach(entry -> builder.add(entry.getKey(), entry.getValue()));
        return found.size();
    }

    private int extensions(McpServerBuilder builder) {
        List<Map.Entry<String, McpExtension>> found = new ArrayList<>(beans.getBeansOfType(McpExtension.class).entrySet());
        found.sort((a, b) -> AnnotationAwareOrderComparator.INSTANCE.compare(a.getValue(), b.getValue()));
        found.forEach(entry -> builder.extension(entry.getKey(), entry.getValue()));
        return found.size();
    }

    /** The low-level host: a Catalog needs its Dispatch and the other way round; readers and the rest join it. */
    private int lowLevel(McpServerBuilder builder) {
        String catalog = single(Catalog.class);
        String dispatch = single(Dispatch.class);
        ResourceReader reader = bean(ResourceReader.class);
        PromptRenderer renderer = bean(PromptRenderer.class);
        Completer completer = bean(Completer.class);
        CatalogChanges changes = bean(CatalogChanges.class);
        if (catalog == null && dispatch == null) {
            if (reader == null && renderer == null && completer == null && changes == null) {
                return 0;
            }
        } else if (catalog == null) {
            throw new MissingHostBeanException(Catalog.class);
        } else if (dispatch == null) {
            throw new MissingHostBeanException(Dispatch.class);
        } else {
            builder.catalog(catalog, beans.getBean(catalog, Catalog.class), beans.getBean(dispatch, Dispatch.class));
        }
        builder.resourceReader(reader).promptRenderer(renderer).completer(completer).catalogChanges(changes);
        return 1;
    }

    private <T> T bean(Class<T> type) {
        String name = single(type);
        return name == null ? null : beans.getBean(name, type);
    }

    /** The name of the one bean of a type, {@code null} for none; several are Spring's own error. */
    private String single(Class<?> type) {
        String[] names = beans.getBeanNamesForType(type);
        if (names.length > 1) {
            throw new NoUniqueBeanDefinitionException(type, names);
        }
        return names.length == 0 ? null : names[0];
    }

    /**
     * Refuses a class compiled without {@code -parameters} when an annotated method has a parameter that is
     * named by nothing else: neither a name in its annotation, nor the only record holding a tool's arguments.
     */
    private static void checkParameterNames(String bean, Class<?> type) {
        ReflectionUtils.doWithMethods(type, method -> {
            for (Parameter parameter : unnamed(method)) {
                if (!parameter.isNamePresent()) {
                    throw new MissingParameterNamesException(bean, type.getName() + "." + method.getName());
                }
            }
        }, method -> !method.isBridge() && Arrays.stream(method.getAnnotations())
                .anyMatch(a -> a.annotationType().getPackageName().equals(McpTool.class.getPackageName())));
    }

    private static List<Parameter> unnamed(Method method) {
        List<Parameter> unnamed = new ArrayList<>();
        for (Parameter parameter : method.getParameters()) {
            Class<?> type = parameter.getType();
            McpToolParam toolParam = parameter.getAnnotation(McpToolParam.class);
            McpPromptArg promptArg = parameter.getAnnotation(McpPromptArg.class);
            boolean named = (toolParam != null && !toolParam.name().isEmpty())
                    || (promptArg != null && !promptArg.name().isEmpty());
            if (!named && type != io.beammcp.core.CallContext.class && type != Map.class) {
                unnamed.add(parameter);
            }
        }
        boolean holder = method.isAnnotationPresent(McpTool.class) && unnamed.size() == 1
                && unnamed.get(0).getAnnotation(McpToolParam.class) == null && unnamed.get(0).getType().isRecord();
        // a completion method's parameters are positional
        boolean positional = method.isAnnotationPresent(io.beammcp.core.annotation.McpComplete.class);
        return holder || positional ? List.of() : unnamed;
    }
}
