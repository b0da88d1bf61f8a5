#!/usr/bin/env bash
# HTTP benchmark: the sample app (beammcp) beside the bare Spring MVC baseline (benchmarks/bare-app) and, when asked,
# other MCP servers, all on loopback, in the same alternating rounds.
#
#   benchmarks/http.sh                 # sample and bare controller, platform threads on the default java
#   benchmarks/http.sh --quarkus       # also the Quarkus MCP Server in JVM mode with the same tool
#                                      # (benchmarks/quarkus-app, built here when missing): the 2025-11-25 session call
#                                      # only (its 1.x line, the one served, has no 2026-07-28); its first answer is to
#                                      # initialize
#   benchmarks/http.sh --sdk           # also the MCP Java SDK 2.2's 2026-07-28 server with the same tool
#                                      # (benchmarks/sdk-app, built here when missing): the 2026-07-28 call only
#   benchmarks/http.sh --issue42       # issue 42's measuring rules: --quarkus --sdk, 5 rounds, 25 s warm-up, 8 s runs
#   benchmarks/http.sh --contended     # a CPU-bound neighbour (stress-ng, one worker pinned to one core) during the
#                                      # measured runs
#   benchmarks/http.sh --smoke         # proves the script runs: 1 round, 1 s warm-up, 2 s runs, 16 connections, no
#                                      # cold starts (any other option still applies)
#   benchmarks/http.sh --virtual       # Temurin 25, spring.threads.virtual.enabled=true for the Spring Boot apps
#   benchmarks/http.sh --java PATH     # another JVM (e.g. Temurin 25 with platform threads)
#   benchmarks/http.sh --observed      # the sample jar as shipped, with Actuator's ObservationRegistry and the
#                                      # Prometheus registry ("observed"), against the same jar without them ("sample")
#   benchmarks/http.sh --cluster       # the sample in its cluster profile ("clustered": sessions in PostgreSQL, events
#                                      # through LISTEN/NOTIFY, one instance) against the same jar alone ("sample"), on
#                                      # a throwaway PostgreSQL (interop/postgres.sh): what the cluster adds per request
#
# REACTIVE_JAR=path: a reactive sample jar (Spring WebFlux on Reactor Netty) joins every run but --observed's, started
# as the sample is; left out when unset, skipped with a note when it names no file.
# Environment: DURATION (s per wrk run, 6), ROUNDS (2), WARMUP (s per app and request kind, 8), STARTS (5),
# CONNECTIONS ("16 64"), KINDS (those two of the servers speak, of "modern legacy"), THREADS (wrk threads, 2), APPS
# (the servers, e.g. "sample quarkus"; default from the options), NEIGHBOUR_CPU (the core stress-ng is pinned to, the
# last), JAVA_OPTS (every app), APP_OPTS (Spring Boot arguments for the Spring Boot apps, e.g.
# "--server.tomcat.threads.max=8"), GC_LOG=1 (a GC log per app, its pauses summarised), RESULTS_DIR.
# Measures, per request kind (2026-07-28 tools/call; 2025-11-25 tools/call in an initialized session) and connection
# count, for each server that speaks the kind: requests/s, p50 and p99 latency, the process's CPU time per request,
# the spread of the rounds, and the ratios to the Quarkus MCP Server, the bare controller and the SDK's server (the
# median of the per-round ratios); the servers alternate, the order reversed every round, so machine drift cancels
# out of the ratios. Also the time to the first answered request (median of STARTS cold starts each, alternating),
# RSS idle and the peak under the largest load. Every step is bounded in time; all processes started here are killed on exit.
set -euo pipefail
source "$(dirname "$0")/common.sh"
source "$(dirname "$0")/http_client.sh"

MODE=platform
JAVA_BIN="$JAVA"
read -r -a APP_ARGS <<< "${APP_OPTS:-}"
OBSERVED= QUARKUS= SDK= CONTENDED= SMOKE= ISSUE42= CLUSTER=
while [[ $# -gt 0 ]]; do
    case "$1" in
        --virtual) MODE=virtual; JAVA_BIN="$JAVA25"; APP_ARGS+=(--spring.threads.virtual.enabled=true) ;;
        --java) JAVA_BIN="$2"; shift ;;
        --observed) OBSERVED=1 ;;
        --cluster) CLUSTER=1 ;;
        --quarkus) QUARKUS=1 ;;
        --sdk) SDK=1 ;;
        --issue42) ISSUE42=1; QUARKUS=1; SDK=1 ;;
        --contended) CONTENDED=1 ;;
        --smoke) SMOKE=1 ;;
        *) echo "usage: $0 [--quarkus] [--sdk] [--issue42] [--contended] [--smoke] [--virtual] [--java PATH] [--observed] [--cluster]" >&2
           exit 2 ;;
    esac
    shift
done
if [[ -n "$SMOKE" ]]; then
    DURATION="${DURATION:-2}" ROUNDS="${ROUNDS:-1}" WARMUP="${WARMUP:-1}" STARTS="${STARTS:-0}" CONNECTIONS="${CONNECTIONS:-16}"
elif [[ -n "$ISSUE42" ]]; then
    DURATION="${DURATION:-8}" ROUNDS="${ROUNDS:-5}" WARMUP="${WARMUP:-25}"
fi
DURATION="${DURATION:-6}"
ROUNDS="${ROUNDS:-2}"
WARMUP="${WARMUP:-8}"
STARTS="${STARTS:-5}"
CONNECTIONS="${CONNECTIONS:-16 64}"
THREADS="${THREADS:-2}"
JAVA_VERSION=$("$JAVA_BIN" -version 2>&1 | head -1)

# The servers, and the request kinds each speaks.
if [[ -n "$OBSERVED" ]]; then
    APPS="${APPS:-observed sample}"
    REFS=sample
elif [[ -n "$CLUSTER" ]]; then
    APPS="${APPS:-clustered sample}"
    REFS=sample
else
    default_apps="sample bare${QUARKUS:+ quarkus}${SDK:+ sdk}"
    if [[ -n "$REACTIVE_JAR" ]]; then
        if [[ -f "$REACTIVE_JAR" ]]; then default_apps+=" reactive"; else echo "REACTIVE_JAR=$REACTIVE_JAR is no file: skipped" >&2; fi
    fi
    APPS="${APPS:-$default_apps}"
    REFS="${REFS:-quarkus bare sdk}"
fi
declare -A SPEAKS=([sample]="modern legacy" [observed]="modern legacy" [clustered]="modern legacy" [bare]="modern legacy" [reactive]="modern legacy"
    [quarkus]=legacy [sdk]=modern)
speaks() { [[ " ${SPEAKS[$1]} " == *" $2 "* ]]; } # app kind
for app in $APPS; do
    [[ -n "${SPEAKS[$app]:-}" ]] || { echo "unknown app '$app' (sample bare quarkus sdk reactive observed clustered)" >&2; exit 2; }
done
# the kinds that at least two of the servers speak, unless given
if [[ -z "${KINDS:-}" ]]; then
    KINDS=""
    for kind in modern legacy; do
        n=0
        for app in $APPS; do speaks "$app" "$kind" && n=$((n + 1)); done
        (( n >= 2 )) && KINDS+="${KINDS:+ }$kind"
    done
fi
[[ -n "$KINDS" ]] || { echo "no request kind is spoken by two of: $APPS" >&2; exit 2; }

needed=("$SAMPLE_JAR")
[[ " $APPS " == *" bare "* ]] && needed+=("$BARE_JAR")
[[ " $APPS " == *" reactive "* ]] && needed+=("${REACTIVE_JAR:?APPS names reactive: set REACTIVE_JAR}")
require_jars "${needed[@]}"
trap cleanup EXIT
trap 'exit 130' INT TERM

ensure_tool wrk wrk
if [[ -n "$CONTENDED" ]]; then
    ensure_tool stress-ng stress-ng
    NEIGHBOUR_CPU="${NEIGHBOUR_CPU:-$(( $(nproc) - 1 ))}"
fi

OUT="$(results_dir "http-$MODE${OBSERVED:+-observed}${CLUSTER:+-cluster}${ISSUE42:+-issue42}${CONTENDED:+-contended}${SMOKE:+-smoke}")"
snapshot_jars
declare -A JAR=([sample]="$SAMPLE_JAR" [observed]="$SAMPLE_JAR" [clustered]="$SAMPLE_JAR" [bare]="$BARE_JAR" [reactive]="$REACTIVE_JAR")
if [[ " $APPS " == *" clustered "* ]]; then
    PG_PORT=$(free_port)
    "$ROOT_DIR/interop/postgres.sh" start "$OUT/pg" "$PG_PORT" > "$OUT/postgres.log" 2>&1
    trap 'cleanup; "$ROOT_DIR/interop/postgres.sh" stop "$OUT/pg" > /dev/null 2>&1 || true' EXIT
    CLUSTERED_ARGS=(--spring.profiles.active=cluster "--spring.datasource.url=jdbc:postgresql://127.0.0.1:$PG_PORT/beammcp"
        --beammcp.input.state-key=benchmark-only-shared-secret-of-32-bytes-or-more)
fi
[[ " $APPS " == *" quarkus "* ]] && { snapshot_quarkus_app; JAR[quarkus]="$QUARKUS_JAR"; }
[[ " $APPS " == *" sdk "* ]] && { snapshot_sdk_app; JAR[sdk]="$SDK_JAR"; }
RAW="$OUT/runs.tsv"
printf 'kind\tconns\tround\tapp\trps\tp50_ms\tp99_ms\tbad\tcpu_us_per_req\n' > "$RAW"
echo "HTTP benchmark, $MODE threads, $JAVA_VERSION; results in $OUT"
echo "servers: $APPS; request kinds: $KINDS; connections: $CONNECTIONS"
echo "wrk -t$THREADS, ${DURATION}s per run, $ROUNDS rounds (order reversed every round), warm-up ${WARMUP}s;" \
    "$(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg)"
[[ -n "$CONTENDED" ]] && echo "contended: stress-ng --cpu 1 on CPU $NEIGHBOUR_CPU during the measured runs"

declare -A PORT PID SESSION

start_app() { # app port log
    local gc=() own=()
    [[ -n "${GC_LOG:-}" ]] && gc=(-Xlog:gc:file="${3%.log}.gc":uptime)
    case "$1" in
        quarkus) # Quarkus's defaults otherwise: APP_OPTS are Spring Boot's
            "$JAVA_BIN" "${JAVA_OPTS_ARRAY[@]}" "${gc[@]}" -Dquarkus.http.port="$2" -jar "${JAR[$1]}" > "$3" 2>&1 & ;;
        sdk) # the SDK's defaults otherwise
            "$JAVA_BIN" "${JAVA_OPTS_ARRAY[@]}" "${gc[@]}" -jar "${JAR[$1]}" "$2" > "$3" 2>&1 & ;;
        *)
            if [[ $1 == observed ]]; then
                # Actuator on a free port of its own, for the scrape below
                MANAGEMENT_PORT=$(free_port)
                own=(--management.server.port="$MANAGEMENT_PORT" --management.endpoints.web.exposure.include=prometheus)
            elif [[ $1 == sample ]]; then
                own=("${PLAIN_SAMPLE_ARGS[@]}")
            elif [[ $1 == clustered ]]; then
                own=("${PLAIN_SAMPLE_ARGS[@]}" "${CLUSTERED_ARGS[@]}")
            elif [[ $1 == reactive ]]; then
                # the sample's exclusion of Actuator, should the reactive sample ship the same file
                own=(--spring.config.import=optional:classpath:/actuator-off.yml)
            fi
            "$JAVA_BIN" "${JAVA_OPTS_ARRAY[@]}" "${gc[@]}" -jar "${JAR[$1]}" --server.port="$2" "${own[@]}" "${APP_ARGS[@]}" \
                > "$3" 2>&1 & ;;
    esac
    LAST_PID=$!
    STARTED_PIDS+=("$LAST_PID")
}

# the first request each app is asked: a modern tools/call, or initialize for those that speak only 2025-11-25
first_call() { # app port
    if speaks "$1" modern; then modern_call "$2"; else legacy_initialize "$2"; fi
}

wait_answer() { # app port pid timeout_s
    local deadline=$(( $(now_ms) + $4 * 1000 ))
    until first_call "$1" "$2"; do
        if ! kill -0 "$3" 2>/dev/null; then echo "$1 (process $3) died" >&2; return 1; fi
        if (( $(now_ms) > deadline )); then echo "$1: no answer on port $2 within $4 s" >&2; return 1; fi
        sleep 0.025
    done
}

read -r -a APP_LIST <<< "$APPS"
# the apps in the order of round or start $1: forward on odd, reversed on even ones
order_of() { # n
    if (( $1 % 2 )); then echo "${APP_LIST[@]}"; else printf '%s\n' "${APP_LIST[@]}" | tac | tr '\n' ' '; fi
}

# ---------------------------------------------------------------- 1. time to first answered request
STARTUP="$OUT/startup.tsv"
printf 'app\tstart\tfirst_answer_ms\tspring_started_s\trss_mib\tcpu_ms\n' > "$STARTUP"
if (( STARTS > 0 )); then
    echo
    echo "== time to first answered request ($STARTS cold starts each, alternating)"
fi
for ((i = 1; i <= STARTS; i++)); do
    for app in $(order_of "$i"); do
        port=$(free_port)
        log="$OUT/start-$app-$i.log"
        t0=$(now_ms)
        start_app "$app" "$port" "$log"
        pid=$LAST_PID
        wait_answer "$app" "$port" "$pid" 60
        elapsed=$(( $(now_ms) - t0 ))
        cpu_ms=$(( $(cpu_ticks "$pid") * 1000 / CLK_TCK ))
        rss=$(rss_mib "$pid")
        stop_pid "$pid"
        # read once stopped: the first answer may come before Spring logs its "Started" line
        started=$(sed -n 's/.*Started .* in \([0-9.]*\) seconds.*/\1/p' "$log" | head -1)
        printf '%s\t%d\t%d\t%s\t%s\t%s\n' "$app" "$i" "$elapsed" "${started:-nan}" "$rss" "$cpu_ms" >> "$STARTUP"
    done
done

# ---------------------------------------------------------------- 2. every app up, idle RSS, sessions
APPS_STARTED_MS=$(now_ms)
for app in $APPS; do
    PORT[$app]=$(free_port)
    start_app "$app" "${PORT[$app]}" "$OUT/$app.log"
    PID[$app]=$LAST_PID
done
lua_script "$OUT/modern.lua" "$MODERN_BODY" MCP-Protocol-Version 2026-07-28 Mcp-Method tools/call Mcp-Name get_weather
for app in $APPS; do
    wait_answer "$app" "${PORT[$app]}" "${PID[$app]}" 90
    if speaks "$app" legacy; then
        SESSION[$app]=$(open_session "${PORT[$app]}")
        lua_script "$OUT/legacy-$app.lua" "$LEGACY_BODY" MCP-Protocol-Version 2025-11-25 Mcp-Session-Id "${SESSION[$app]}"
    fi
done
sleep "$([[ -n "$SMOKE" ]] && echo 1 || echo 5)"
declare -A RSS_IDLE RSS_LOAD
for app in $APPS; do
    RSS_IDLE[$app]=$(rss_mib "${PID[$app]}")
    RSS_LOAD[$app]=0
done

script_for() { # kind app
    if [[ $1 == modern ]]; then echo "$OUT/modern.lua"; else echo "$OUT/legacy-$2.lua"; fi
}
MAX_CONNS=$(printf '%s\n' $CONNECTIONS | sort -n | tail -1)

# ---------------------------------------------------------------- 3. warm-up
echo
echo "== warm-up: ${WARMUP}s per app and request kind at $MAX_CONNS connections"
for app in $APPS; do
    for kind in $KINDS; do
        speaks "$app" "$kind" || continue
        timeout $((WARMUP + 30)) wrk -t"$THREADS" -c"$MAX_CONNS" -d"${WARMUP}s" --timeout 5s -s "$(script_for $kind $app)" \
            "http://127.0.0.1:${PORT[$app]}/mcp" > "$OUT/warmup-$app-$kind.txt" 2>&1 || true
    done
done

# ---------------------------------------------------------------- 4. measured runs
if [[ -n "$CONTENDED" ]]; then
    # bounded by its own timeout too: every measured run and a margin
    runs=0
    for kind in $KINDS; do for app in $APPS; do speaks "$app" "$kind" && runs=$((runs + 1)); done; done
    runs=$(( runs * ROUNDS * $(wc -w <<< "$CONNECTIONS") ))
    pin=()
    command -v taskset > /dev/null && pin=(taskset -c "$NEIGHBOUR_CPU")
    "${pin[@]}" stress-ng --cpu 1 --timeout "$(( runs * (DURATION + 5) + 60 ))s" --metrics-brief > "$OUT/stress-ng.log" 2>&1 &
    NEIGHBOUR_PID=$!
    STARTED_PIDS+=("$NEIGHBOUR_PID")
    sleep 1
    kill -0 "$NEIGHBOUR_PID" 2>/dev/null || { echo "stress-ng did not start (see $OUT/stress-ng.log)" >&2; exit 1; }
fi
echo
echo "== measured runs${CONTENDED:+, beside a CPU-bound neighbour}"
# seconds since the apps were launched: the GC summary counts the pauses of the measured runs only
MEASURE_FROM_S=$(( ($(now_ms) - APPS_STARTED_MS) / 1000 ))
printf '%-7s %5s %5s %-8s %10s %9s %9s %10s %s\n' kind conns round app req/s p50_ms p99_ms cpu_us/req notes
for ((r = 1; r <= ROUNDS; r++)); do
    for kind in $KINDS; do
        for conns in $CONNECTIONS; do
            for app in $(order_of "$r"); do
                speaks "$app" "$kind" || continue
                file="$OUT/wrk-$kind-$conns-$r-$app.txt"
                sampler=""
                if [[ $conns == "$MAX_CONNS" ]]; then
                    ( max=0; while kill -0 "${PID[$app]}" 2>/dev/null; do
                        v=$(rss_mib "${PID[$app]}"); (( v > max )) && max=$v; echo "$max" > "$OUT/rss-$app.tmp"; sleep 0.5
                      done ) &
                    sampler=$!
                    STARTED_PIDS+=("$sampler")
                fi
                cpu0=$(cpu_ticks "${PID[$app]}")
                timeout $((DURATION + 30)) wrk -t"$THREADS" -c"$conns" -d"${DURATION}s" --timeout 5s --latency \
                    -s "$(script_for $kind $app)" "http://127.0.0.1:${PORT[$app]}/mcp" > "$file" 2>&1 || true
                cpu1=$(cpu_ticks "${PID[$app]}")
                if [[ -n "$sampler" ]]; then
                    stop_pid "$sampler"
                    peak=$(cat "$OUT/rss-$app.tmp" 2>/dev/null || echo 0)
                    (( peak > RSS_LOAD[$app] )) && RSS_LOAD[$app]=$peak
                fi
                rps=$(awk '/^Requests\/sec:/ { print $2 }' "$file")
                p50=$(to_ms "$(awk '$1 == "50%" { print $2 }' "$file")")
                p99=$(to_ms "$(awk '$1 == "99%" { print $2 }' "$file")")
                bad=$(awk '/Non-2xx or 3xx responses:/ { n += $NF } /Socket errors:/ { gsub(/,/, ""); n += $4 + $6 + $8 + $10 }
                    END { print n + 0 }' "$file")
                requests=$(awk '/requests in/ { print $1 }' "$file")
                cpu_us=$(awk -v t=$((cpu1 - cpu0)) -v hz="$CLK_TCK" -v n="${requests:-0}" \
                    'BEGIN { if (n > 0) printf "%.1f", t * 1e6 / hz / n; else print "nan" }')
                notes=""
                (( bad > 0 )) && notes="$bad failed responses or socket errors (see $file)"
                [[ -z "$rps" ]] && { rps=0; notes="wrk failed (see $file)"; }
                printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$kind" "$conns" "$r" "$app" "$rps" "$p50" "$p99" "$bad" \
                    "$cpu_us" >> "$RAW"
                printf '%-7s %5s %5s %-8s %10.0f %9.3f %9.3f %10s %s\n' "$kind" "$conns" "$r" "$app" "$rps" "$p50" "$p99" \
                    "$cpu_us" "$notes"
            done
        done
    done
done
NEIGHBOUR_NOTE=""
if [[ -n "$CONTENDED" ]]; then
    kill -0 "$NEIGHBOUR_PID" 2>/dev/null || NEIGHBOUR_NOTE="stress-ng ended before the last run (see $OUT/stress-ng.log)"
    stop_pid "$NEIGHBOUR_PID"
    NEIGHBOUR_NOTE="${NEIGHBOUR_NOTE:-stress-ng ran on CPU $NEIGHBOUR_CPU through every measured run}"
fi

if [[ -n "$OBSERVED" ]]; then
    # the observed app did observe: its scrape has the operation series
    SERIES=$(curl -s --max-time 5 "http://127.0.0.1:$MANAGEMENT_PORT/actuator/prometheus" \
        | grep '^mcp_server_operation_duration_seconds_count{.*mcp_method_name="tools/call"' || true)
    [[ -n "$SERIES" ]] || { echo "the observed app has no mcp_server_operation_duration_seconds series" >&2; exit 1; }
    echo "$SERIES" > "$OUT/observed-series.txt"
fi

# which threads served: platform workers (http-nio-...-exec-N), virtual-thread carriers (ForkJoinPool), event loops
declare -A THREAD_NOTE
for app in $APPS; do
    names=$(cat /proc/"${PID[$app]}"/task/*/comm 2>/dev/null || true)
    THREAD_NOTE[$app]="$(wc -l <<< "$names") threads: $(sed -E 's/[-_]?[0-9]+$//' <<< "$names" | sort | uniq -c \
        | sort -rn | head -6 | awk '{ n = $1; $1 = ""; printf "%s%d×%s", (NR > 1 ? ", " : ""), n, substr($0, 2) }')"
done

# ---------------------------------------------------------------- 5. summary
{
    echo
    echo "== summary: HTTP tools/call, $MODE threads, $JAVA_VERSION, $(date -u +%Y-%m-%d)"
    echo "   servers: $APPS"
    [[ -n "$OBSERVED" ]] && echo "   observed mode: observed = the sample with an ObservationRegistry and Prometheus, sample = the same jar without"
    [[ " $APPS " == *" quarkus "* ]] && echo "   quarkus = the Quarkus MCP Server, JVM mode (it reads -Dquarkus.* of JAVA_OPTS, not APP_OPTS)"
    [[ " $APPS " == *" sdk "* ]] && echo "   sdk = the MCP Java SDK 2.2's 2026-07-28 server on embedded Tomcat, its defaults (JAVA_OPTS only)"
    [[ -n "$CONTENDED" ]] && echo "   contended: $NEIGHBOUR_NOTE"
    echo "   (medians over $ROUNDS rounds; a ratio is the median of the per-round ratios to the reference;"
    echo "    CPU us/req = the process's user+system CPU time per answered request, from /proc/PID/stat;"
    echo "    farthest = the round farthest from the median of its server's requests/s, '!' past 20 %)"
    python3 "$BENCH_DIR/http_summary.py" runs "$RAW" "$REFS"
    if (( STARTS > 0 )); then
        echo
        echo "startup (time from launch to the first answered request: a 2026-07-28 tools/call, or initialize for a server"
        echo "  that speaks only 2025-11-25; median of $STARTS; Spring's own 'Started in'; the process's CPU time until then)"
        python3 "$BENCH_DIR/http_summary.py" startup "$STARTUP"
    fi
    echo
    echo "RSS (VmRSS, MiB): idle after start and one call of each kind spoken; peak during the $MAX_CONNS-connection runs"
    for app in $APPS; do
        printf '  %-9s idle %5s   under load %5s\n' "$app" "${RSS_IDLE[$app]}" "${RSS_LOAD[$app]}"
    done
    echo
    echo "threads after the load (/proc/PID/task names, 15 characters; virtual threads run on ForkJoinPool carriers):"
    for app in $APPS; do
        printf '  %-9s %s\n' "$app" "${THREAD_NOTE[$app]}"
    done
    if [[ -n "${GC_LOG:-}" ]]; then
        echo
        echo "GC pauses after the warm-up, during the measured runs (from $OUT/<app>.gc):"
        python3 "$BENCH_DIR/http_summary.py" gc "$OUT" "$MEASURE_FROM_S" $APPS
    fi
} | tee "$OUT/summary.txt"

# a run that answered nothing is a broken benchmark, not a slow one
if awk -F'\t' 'NR > 1 && $5 + 0 <= 0 { found = 1 } END { exit !found }' "$RAW"; then
    echo "some runs answered no request (see $RAW)" >&2
    exit 1
fi
