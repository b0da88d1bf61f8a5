package io.beammcp.test.helpdesk;

import io.beammcp.core.CallContext;
import io.beammcp.core.InputRequest;
import io.beammcp.core.TaskSupport;
import io.beammcp.core.annotation.McpComplete;
import io.beammcp.core.annotation.McpPrompt;
import io.beammcp.core.annotation.McpPromptArg;
import io.beammcp.core.annotation.McpResource;
import io.beammcp.core.annotation.McpResourceTemplate;
import io.beammcp.core.annotation.McpTool;
import jakarta.validation.constraints.NotBlank;
import org.springframework.stereotype.Component;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

/** The helpdesk's tickets, one feature of the host API each. */
@Component
class Helpdesk {

    record Ticket(int id, String title, String status) {
    }

    private static final List<String> TEAMS = List.of("backend", "billing", "network");

    private final Map<Integer, Ticket> tickets = new ConcurrentSkipListMap<>();
    private final AtomicInteger ids = new AtomicInteger();

    @McpTool(name = "open_ticket", description = "Opens a ticket")
    Ticket openTicket(@NotBlank String title) {
        Ticket ticket = new Ticket(ids.incrementAndGet(), title, "open");
        tickets.put(ticket.id(), ticket);
        return ticket;
    }

    @McpTool(name = "assign_ticket", description = "Assigns a ticket to the person the user names")
    String assignTicket(int id, CallContext context) {
        Map<String, Object> answer = context.ask("assignee", InputRequest.elicitation("Who takes ticket " + id + "?",
                Map.of("type", "object", "properties", Map.of("name", Map.of("type", "string")),
                        "required", List.of("name"))));
        if (answer == null || !"accept".equals(answer.get("action"))) {
            return "Ticket " + id + " stays unassigned";
        }
        return "Ticket " + id + " assigned to " + ((Map<?, ?>) answer.get("content")).get("name");
    }

    @McpTool(name = "delete_ticket", description = "Deletes a ticket for good", destructive = McpTool.Hint.TRUE,
            scopes = "tickets:delete")
    String deleteTicket(int id) {
        return tickets.remove(id) == null ? "No ticket " + id : "Deleted ticket " + id;
    }

    @McpTool(name = "export_tickets", description = "Exports every ticket, in the background",
            taskSupport = TaskSupport.REQUIRED)
    String exportTickets(CallContext context) {
        context.startTask();
        Map<String, Object> answer = context.ask("format", InputRequest.elicitation("Which format?",
                Map.of("type", "object", "properties", Map.of("format", Map.of("type", "string",
                        "enum", List.of("csv", "lines"))), "required", List.of("format"))));
        boolean csv = answer != null && "accept".equals(answer.get("action"))
                && "csv".equals(((Map<?, ?>) answer.get("content")).get("format"));
        return tickets.values().stream().map(t -> csv ? t.id() + "," + t.title() + "," + t.status() : line(t))
                .collect(Collectors.joining("\n", csv ? "id,title,status\n" : "", ""));
    }

    @McpTool(description = "Rebuilds the search index, reporting its progress")
    String reindex(CallContext context) {
        for (int batch = 1; batch <= 3; batch++) {
            context.progress(batch, 3, "batch " + batch + " of 3");
        }
        return "Reindexed";
    }

    @McpResource(uri = "helpdesk://tickets", name = "tickets", description = "Every ticket, one per line",
            mimeType = "text/plain")
    String allTickets() {
        return tickets.values().stream().map(Helpdesk::line).collect(Collectors.joining("\n"));
    }

    @McpResourceTemplate(uriTemplate = "helpdesk://tickets/{id}", name = "ticket", description = "One ticket",
            mimeType = "text/plain")
    String ticket(String id) {
        Ticket ticket = id.matches("\\d{1,9}") ? tickets.get(Integer.parseInt(id)) : null;
        return ticket == null ? null : line(ticket);
    }

    @McpPrompt(description = "Triage the open tickets of a team")
    String triage(@McpPromptArg(description = "The team, for example \"billing\"") String team) {
        return "Triage the open tickets of the " + team + " team, most urgent first.";
    }

    @McpComplete(prompt = "triage", argument = "team")
    List<String> teams(String partial) {
        return TEAMS.stream().filter(team -> team.startsWith(partial)).toList();
    }

    private static String line(Ticket ticket) {
        return "#" + ticket.id() + " " + ticket.status() + ": " + ticket.title();
    }
}
