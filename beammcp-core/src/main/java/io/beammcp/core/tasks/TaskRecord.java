package io.beammcp.core.tasks;

import java.time.Instant;

/**
 * One task as a {@link TaskStore} keeps it. JSON members are kept as JSON text, so a store needs no JSON
 * library; records are immutable, and every change makes a new one with a higher {@code version}.
 *
 * @param id the task id: unguessable, header-safe ASCII
 * @param owner the name of the principal that created it ({@code ""} when the transport knew none)
 * @param status {@code working}, {@code input_required}, {@code completed}, {@code failed} or {@code cancelled}
 * @param statusMessage what the task is doing or why it ended, or {@code null}
 * @param createdAt when it was created
 * @param lastUpdatedAt when its status or content last changed
 * @param ttlMs how long after {@code createdAt} it is kept, or {@code null} for as long as the store may
 * @param pollIntervalMs how often a client is told to poll
 * @param inputRequests the outstanding input requests, a JSON object by key, or {@code null}
 * @param inputResponses answers delivered and not yet taken by the running work, a JSON object, or {@code null}
 * @param result the tool result of a {@code completed} task, a JSON object, or {@code null}
 * @param error the JSON-RPC error of a {@code failed} task, a JSON object, or {@code null}
 * @param cancelRequested a client asked for the task to be cancelled
 * @param leaseUntil until when the server running the work vouches for it; a live task past it is failed
 * @param version the number of changes so far, for stores that compare and set
 */
public record TaskRecord(String id, String owner, String status, String statusMessage, Instant createdAt,
        Instant lastUpdatedAt, Long ttlMs, long pollIntervalMs, String inputRequests, String inputResponses,
        String result, String error, boolean cancelRequested, Instant leaseUntil, long version) {

    /** Whether the task reached {@code completed}, {@code failed} or {@code cancelled}: it never changes again. */
    public boolean terminal() {
        return "completed".equals(status) || "failed".equals(status) || "cancelled".equals(status);
    }

    /** Whether the task's lifetime has passed at {@code now}. */
    public boolean expiredAt(Instant now) {
        return ttlMs != null && createdAt.plusMillis(ttlMs).isBefore(now);
    }

    /** The same task with a new status and message, at {@code now}. */
    public TaskRecord withStatus(String newStatus, String message, Instant now) {
        return new TaskRecord(id, owner, newStatus, message, createdAt, now, ttlMs, pollIntervalMs, inputRequests,
                inputResponses, result, error, cancelRequested, leaseUntil, version + 1);
    }

    /** The same task with its outstanding requests and delivered answers replaced, at {@code now}. */
    public TaskRecord withInput(String status, String requests, String responses, Instant now) {
        return new TaskRecord(id, owner, status, statusMessage, createdAt, now, ttlMs, pollIntervalMs, requests,
                responses, result, error, cancelRequested, leaseUntil, version + 1);
    }

    /** The same task ended: {@code completed} with a result, {@code failed} with an error, or {@code cancelled}. */
    public TaskRecord ended(String endStatus, String endResult, String endError, String message, Instant now) {
        return new TaskRecord(id, owner, endStatus, message, createdAt, now, ttlMs, pollIntervalMs, null, null,
                endResult, endError, cancelRequested, null, version + 1);
    }

    /** The same task with cancellation asked for (its status unchanged). */
    public TaskRecord withCancelRequested() {
        return new TaskRecord(id, owner, status, statusMessage, createdAt, lastUpdatedAt, ttlMs, pollIntervalMs,
                inputRequests, inputResponses, result, error, true, leaseUntil, version + 1);
    }

    /** The same task vouched for until {@code until}. */
    public TaskRecord withLease(Instant until) {
        return new TaskRecord(id, owner, status, statusMessage, createdAt, lastUpdatedAt, ttlMs, pollIntervalMs,
                inputRequests, inputResponses, result, error, cancelRequested, until, version + 1);
    }
}
