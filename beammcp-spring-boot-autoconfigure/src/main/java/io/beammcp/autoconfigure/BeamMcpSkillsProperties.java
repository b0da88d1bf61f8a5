package io.beammcp.autoconfigure;

import org.springframework.boot.context.properties.ConfigurationProperties;

import java.util.ArrayList;
import java.util.List;

/**
 * Settings of the Skills extension ({@code io.modelcontextprotocol/skills}), under {@code beammcp.skills}: the
 * skills served from folders (each a directory holding {@code SKILL.md} and the files beside it), beside the
 * {@code SkillBinding} beans, and the caching hints of {@code skills/list} and {@code skills/get}.
 */
@ConfigurationProperties("beammcp.skills")
public class BeamMcpSkillsProperties extends BeamMcpProperties.ListCache {

    /** Whether skills are served (when there are any). */
    private boolean enabled = true;

    /**
     * Where the SKILL.md files of the skills served are, as Spring resource patterns ("classpath*:" for the same
     * folder in every jar, "file:" for the file system); the folder of each SKILL.md matched is one skill.
     */
    private List<String> locations = new ArrayList<>(List.of("classpath:/mcp/skills/*/SKILL.md"));

    /** Whether resources/directory/read is served (and directoryRead advertised). */
    private boolean directoryRead = true;

    public boolean isEnabled() {
        return enabled;
    }

    public void setEnabled(boolean enabled) {
        this.enabled = enabled;
    }

    public List<String> getLocations() {
        return locations;
    }

    public void setLocations(List<String> locations) {
        this.locations = locations;
    }

    public boolean isDirectoryRead() {
        return directoryRead;
    }

    public void setDirectoryRead(boolean directoryRead) {
        this.directoryRead = directoryRead;
    }
}
