package io.beammcp.autoconfigure;

import io.beammcp.core.InvalidCatalogException;
import io.beammcp.core.SkillBinding;
import io.beammcp.core.server.McpServerBuilder;
import io.beammcp.core.server.McpSkills;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.core.annotation.AnnotationAwareOrderComparator;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.ResourcePatternResolver;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Finds the skills the application serves: the folder of each {@code SKILL.md} that
 * {@code beammcp.skills.locations} names (resolved by Spring's resource resolver, in directories and jars alike),
 * and the {@link SkillBinding} beans; with any, adds the Skills extension.
 */
final class SkillsDiscoverer {

    static final String SOURCE = "beammcp.skills";
    private static final String SKILL_MD = "/SKILL.md";

    private SkillsDiscoverer() {
    }

    /** Adds the Skills extension when there is a skill; answers how many contributions that is (0 or 1). */
    static int contribute(McpServerBuilder builder, BeamMcpSkillsProperties properties, ResourcePatternResolver resolver,
            ConfigurableListableBeanFactory beans) {
        if (!properties.isEnabled()) {
            return 0;
        }
        McpSkills skills = new McpSkills().directoryRead(properties.isDirectoryRead())
                .cache(properties.getTtl(), properties.getCacheScope());
        for (String location : properties.getLocations()) {
            for (URL folder : folders(location, resolver)) {
                skills.folder(folder);
            }
        }
        List<Map.Entry<String, SkillBinding>> built = new ArrayList<>(beans.getBeansOfType(SkillBinding.class).entrySet());
        built.sort((a, b) -> AnnotationAwareOrderComparator.INSTANCE.compare(a.getValue(), b.getValue()));
        built.forEach(entry -> skills.add(entry.getValue()));
        if (skills.isEmpty()) {
            return 0;
        }
        builder.extension(SOURCE, skills.build());
        return 1;
    }

    /**
     * The folders of the SKILL.md files a pattern names (none when its base folder does not exist, as the default's
     * in an application without skills); a match that is another file refuses startup.
     */
    private static List<URL> folders(String location, ResourcePatternResolver resolver) {
        List<URL> folders = new ArrayList<>();
        try {
            for (Resource resource : resolver.getResources(location)) {
                if (!resource.exists()) {
                    continue;
                }
                String url = resource.getURL().toExternalForm();
                if (!url.endsWith(SKILL_MD)) {
                    throw new InvalidCatalogException("beammcp.skills.locations: " + location + " names " + url
                            + ", which is not a SKILL.md file");
                }
                folders.add(new URL(url.substring(0, url.length() - SKILL_MD.length())));
            }
        } catch (FileNotFoundException absent) {
            return List.of();
        } catch (IOException e) {
            InvalidCatalogException refusal = new InvalidCatalogException("beammcp.skills.locations: " + location
                    + " cannot be resolved (" + e.getClass().getSimpleName() + ")");
            refusal.initCause(e);
            throw refusal;
        }
        return folders;
    }
}
