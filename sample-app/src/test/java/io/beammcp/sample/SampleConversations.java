package io.beammcp.sample;

import io.beammcp.test.McpErrorException;
import io.beammcp.test.McpTestClient;
import io.beammcp.test.ToolCallResult;
import tools.jackson.databind.JsonNode;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/** What every way of reaching the sample must answer alike: its tools, resources, skill, prompt and completion. */
final class SampleConversations {

    private SampleConversations() {
    }

    private static String sha256(String text) {
        try {
            return "sha256:" + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static void converse(McpTestClient client) {
        assertThat(client.listTools()).extracting(t -> t.get("name").asString())
                .containsExactly("forecast", "get_weather", "plan_trip");
        assertThat(client.callTool("get_weather", Map.of("place", "Lisbon")).text())
                .matches("Lisbon: .+ °C, wind \\d+ km/h");

        WeatherTools.Forecast forecast = client.callTool("forecast", Map.of("place", "Oslo", "days", 2))
                .structured(WeatherTools.Forecast.class);
        assertThat(forecast.place()).isEqualTo("Oslo");
        assertThat(forecast.days()).extracting(WeatherTools.Day::day).containsExactly(1, 2);
        assertThat(client.callTool("forecast", Map.of("place", "Oslo")).structured(WeatherTools.Forecast.class).days())
                .as("the default of days").hasSize(3);

        ToolCallResult refused = client.callTool("plan_trip", Map.of("destination", Map.of("city", "   "),
                "transport", "boat"));
        assertThat(refused.isError()).isTrue();
        assertThat(refused.violations()).extracting(ToolCallResult.Violation::path)
                .containsExactly("$.destination.city", "$.transport");
        assertThat(client.callTool("plan_trip", Map.of("destination", Map.of("city", "Porto", "country", "Portugal"),
                "transport", "train")).text()).startsWith("Trip to Porto, Portugal by train:");

        assertThat(client.listResources()).extracting(r -> r.get("uri").asString())
                .containsExactlyInAnyOrder("weather://stations", "weather://maps/europe.png",
                        "skill://trip-planning/SKILL.md", "skill://trip-planning/examples/lisbon-by-train.md");
        // the trip-planning skill of src/main/resources/mcp/skills, its SKILL.md as the digest says
        JsonNode skill = client.page("skills/list", null).items().get(0);
        assertThat(skill.at("/frontmatter/name").asString()).isEqualTo("trip-planning");
        JsonNode skillMd = client.readResource("skill://trip-planning/SKILL.md").get(0);
        assertThat(skillMd.get("mimeType").asString()).isEqualTo("text/markdown");
        assertThat(skill.at("/resources/0/digest").asString()).isEqualTo(sha256(skillMd.get("text").asString()));
        assertThat(client.readResource("weather://place/New%20York").get(0).get("text").asString())
                .startsWith("{\"place\":\"New York\",\"now\":\"New York: ");
        assertThat(client.readResource("weather://maps/europe.png").get(0).has("blob")).isTrue();
        assertThatExceptionOfType(McpErrorException.class).isThrownBy(() -> client.readResource("weather://elsewhere"));

        assertThat(client.getPrompt("packing_list", Map.of("destination", "Vienna")).at("/messages/0/content/text")
                .asString()).startsWith("I am travelling to Vienna. The weather there: Vienna: ");
        assertThat(client.completePrompt("packing_list", "destination", "Be")).containsExactly("Berlin", "Bergen");
    }
}
