#!/usr/bin/env bash
# HTTP benchmark: sample-app (beammcp) against the bare Spring MVC baseline (benchmarks/bare-app), on loopback.
#
#   benchmarks/http.sh                 # platform threads on the default java
#   benchmarks/http.sh --virtual       # Temurin 25, spring.threads.virtual.enabled=true, both apps
#   benchmarks/http.sh --java PATH     # another JVM (e.g. Temurin 25 with platform threads)
#   benchmarks/http.sh --observed      # the sample jar as shipped, with Actuator's ObservationRegistry and the
#                                      # Prometheus registry ("sample"), against the same jar without them ("bare")
#   benchmarks/http.sh --quarkus       # the sample against the Quarkus MCP Server in JVM mode with the same tool
#                                      # (benchmarks/quarkus-app, built here when missing) in the "bare" slot: the
#                                      # 2025-11-25 session call only (its 1.x line, the one served, has no 2026-07-28),
#                                      # and startup is the time to the first answered initialize
#
# Environment: DURATION (s per wrk run, 6), ROUNDS (2), WARMUP (s per app and request kind, 8), STARTS (5),
# CONNECTIONS ("16 64"), KINDS ("modern legacy"), THREADS (wrk threads, 2), JAVA_OPTS (for both apps), APP_OPTS (Spring Boot arguments for
# both apps, e.g. "--server.tomcat.threads.max=8"), GC_LOG=1 (a GC log per app, its pauses summarised), RESULTS_DIR.
# Measures, per request kind (2026-07-28 tools/call; 2025-11-25 tools/call in an initialized session) and
# connection count: requests/s, p50 and p99 latency of both apps, alternating sample/bare (ABBA over rounds) so
# machine drift cancels out of the ratios; time to first answered request (median of STARTS cold starts each,
# alternating); RSS idle and the peak under the 64-connection load. Every step is bounded in time; all
# processes started here are killed on exit.
set -euo pipefail
source "$(dirname "$0")/common.sh"

DURATION="${DURATION:-6}"
ROUNDS="${ROUNDS:-2}"
WARMUP="${WARMUP:-8}"
STARTS="${STARTS:-5}"
CONNECTIONS="${CONNECTIONS:-16 64}"
KINDS="${KINDS:-modern legacy}"
THREADS="${THREADS:-2}"
MODE=platform
JAVA_BIN="$JAVA"
read -r -a APP_ARGS <<< "${APP_OPTS:-}"
OBSERVED=
QUARKUS=
while [[ $# -gt 0 ]]; do
    case "$1" in
        --virtual) MODE=virtual; JAVA_BIN="$JAVA25"; APP_ARGS+=(--spring.threads.virtual.enabled=true) ;;
        --java) JAVA_BIN="$2"; shift ;;
        --observed) OBSERVED=1 ;;
        --quarkus) QUARKUS=1 ;;
        *) echo "usage: $0 [--virtual] [--java PATH] [--observed | --quarkus]" >&2; exit 2 ;;
    esac
    shift
done
JAVA_VERSION=$("$JAVA_BIN" -version 2>&1 | head -1)
[[ -n "$QUARKUS" ]] && KINDS=legacy
if [[ -n "$OBSERVED$QUARKUS" ]]; then require_jars "$SAMPLE_JAR"; else require_jars "$SAMPLE_JAR" "$BARE_JAR"; fi
trap cleanup EXIT
trap 'exit 130' INT TERM

if ! command -v wrk > /dev/null; then
    echo "Installing wrk from Debian packages" >&2
    apt-get update -qq > /dev/null && apt-get install -y -qq wrk > /dev/null
fi

OUT="$(results_dir "http-$MODE${OBSERVED:+-observed}${QUARKUS:+-quarkus}")"
snapshot_jars
if [[ -n "$QUARKUS" ]]; then
    snapshot_quarkus_app
    BARE_JAR="$QUARKUS_JAR"
    echo "quarkus mode: 'bare' = the Quarkus MCP Server (benchmarks/quarkus-app, JVM mode) with the same get_weather tool"
fi
if [[ -n "$OBSERVED" ]]; then
    # "bare" is the sample jar itself, without observation; "sample" the same jar observed
    BARE_JAR="$SAMPLE_JAR"
    echo "observed mode: 'sample' = the sample jar with an ObservationRegistry and the Prometheus registry, 'bare' = the same jar without"
fi
RAW="$OUT/runs.tsv"
printf 'kind\tconns\tround\tapp\trps\tp50_ms\tp99_ms\tbad\tcpu_us_per_req\n' > "$RAW"
echo "HTTP benchmark, $MODE threads, $JAVA_VERSION; results in $OUT"
echo "wrk -t$THREADS, ${DURATION}s per run, $ROUNDS rounds (ABBA), warm-up ${WARMUP}s; $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg)"

MODERN_BODY='{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"get_weather","arguments":{"place":"Lisbon"},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}'
LEGACY_BODY='{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"get_weather","arguments":{"place":"Lisbon"}}}'
INIT_BODY='{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"bench","version":"1"}}}'

declare -A JAR=([sample]="$SAMPLE_JAR" [bare]="$BARE_JAR")
declare -A PORT PID SESSION

start_app() { # app port log
    local own=()
    if [[ -n "$OBSERVED" && $1 == sample ]]; then
        # Actuator on a free port of its own, for the scrape below
        MANAGEMENT_PORT=$(free_port)
        own=(--management.server.port="$MANAGEMENT_PORT" --management.endpoints.web.exposure.include=prometheus)
    elif [[ ${JAR[$1]} == "$SAMPLE_JAR" ]]; then
        own=("${PLAIN_SAMPLE_ARGS[@]}")
    fi
    local gc=()
    [[ -n "${GC_LOG:-}" ]] && gc=(-Xlog:gc:file="${3%.log}.gc":uptime)
    if [[ -n "$QUARKUS" && $1 == bare ]]; then
        # Quarkus's defaults otherwise: APP_OPTS are Spring Boot's
        "$JAVA_BIN" "${JAVA_OPTS_ARRAY[@]}" "${gc[@]}" -Dquarkus.http.port="$2" -jar "${JAR[$1]}" > "$3" 2>&1 &
    else
        "$JAVA_BIN" "${JAVA_OPTS_ARRAY[@]}" "${gc[@]}" -jar "${JAR[$1]}" --server.port="$2" "${own[@]}" "${APP_ARGS[@]}" \
            > "$3" 2>&1 &
    fi
    LAST_PID=$!
    STARTED_PIDS+=("$LAST_PID")
}

# One modern tools/call; succeeds when answered with a result.
modern_call() { # port
    local body
    body=$(curl -s --max-time 2 "http://127.0.0.1:$1/mcp" -H 'Content-Type: application/json' \
        -H 'Accept: application/json, text/event-stream' -H 'MCP-Protocol-Version: 2026-07-28' \
        -H 'Mcp-Method: tools/call' -H 'Mcp-Name: get_weather' -d "$MODERN_BODY" 2>/dev/null) || return 1
    [[ "$body" == *'"resultType":"complete"'* ]]
}

# One 2025-11-25 initialize (opening a session that is left to expire); succeeds when answered with a result.
legacy_initialize() { # port
    local body
    body=$(curl -s --max-time 2 "http://127.0.0.1:$1/mcp" -H 'Content-Type: application/json' \
        -H 'Accept: application/json, text/event-stream' -H 'MCP-Protocol-Version: 2025-11-25' -d "$INIT_BODY" \
        2>/dev/null) || return 1
    [[ "$body" == *'"protocolVersion":"2025-11-25"'* ]]
}

FIRST_CALL=modern_call
FIRST_WHAT="tools/call"
[[ -n "$QUARKUS" ]] && { FIRST_CALL=legacy_initialize; FIRST_WHAT="initialize"; }

wait_answer() { # port pid timeout_s
    local deadline=$(( $(now_ms) + $3 * 1000 ))
    until "$FIRST_CALL" "$1"; do
        if ! kill -0 "$2" 2>/dev/null; then echo "process $2 died" >&2; return 1; fi
        if (( $(now_ms) > deadline )); then echo "no answer on port $1 within $3 s" >&2; return 1; fi
        sleep 0.025
    done
}

open_session() { # port -> prints the session id
    local id
    id=$(curl -s --max-time 5 -D - -o /dev/null "http://127.0.0.1:$1/mcp" -H 'Content-Type: application/json' \
        -H 'Accept: application/json, text/event-stream' -H 'MCP-Protocol-Version: 2025-11-25' -d "$INIT_BODY" \
        | tr -d '\r' | awk -F': ' 'tolower($1) == "mcp-session-id" { print $2 }')
    [[ -n "$id" ]] || { echo "initialize on port $1 gave no Mcp-Session-Id" >&2; return 1; }
    local code
    code=$(curl -s --max-time 5 -o /dev/null -w '%{http_code}' "http://127.0.0.1:$1/mcp" \
        -H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream' \
        -H 'MCP-Protocol-Version: 2025-11-25' -H "Mcp-Session-Id: $id" \
        -d '{"jsonrpc":"2.0","method":"notifications/initialized"}')
    [[ "$code" == 202 ]] || { echo "notifications/initialized on port $1 answered $code" >&2; return 1; }
    local body
    body=$(curl -s --max-time 5 "http://127.0.0.1:$1/mcp" -H 'Content-Type: application/json' \
        -H 'Accept: application/json, text/event-stream' -H 'MCP-Protocol-Version: 2025-11-25' \
        -H "Mcp-Session-Id: $id" -d "$LEGACY_BODY")
    [[ "$body" == *'"content":[{'*'Lisbon'* ]] || { echo "legacy call on port $1 failed: $body" >&2; return 1; }
    echo "$id"
}

lua_script() { # file body [header value]...
    local file=$1 body=$2
    shift 2
    {
        echo 'wrk.method = "POST"'
        echo "wrk.body = '$body'"
        echo 'wrk.headers["Content-Type"] = "application/json"'
        echo 'wrk.headers["Accept"] = "application/json, text/event-stream"'
        while [[ $# -gt 0 ]]; do
            echo "wrk.headers[\"$1\"] = \"$2\""
            shift 2
        done
    } > "$file"
}

to_ms() { # wrk duration such as 812.00us, 1.23ms, 2.01s
    awk -v v="$1" 'BEGIN { n = v + 0; if (v ~ /us$/) n /= 1000; else if (v ~ /ms$/) n = n; else if (v ~ /m$/) n *= 60000;
        else if (v ~ /s$/) n *= 1000; printf "%.3f", n }'
}

# ---------------------------------------------------------------- 1. time to first answered request
echo
echo "== time to first answered request ($STARTS cold starts each, alternating)"
STARTUP="$OUT/startup.tsv"
printf 'app\tstart\tfirst_answer_ms\tspring_started_s\trss_mib\tcpu_ms\n' > "$STARTUP"
for ((i = 1; i <= STARTS; i++)); do
    if (( i % 2 )); then order=(sample bare); else order=(bare sample); fi
    for app in "${order[@]}"; do
        port=$(free_port)
        log="$OUT/start-$app-$i.log"
        t0=$(now_ms)
        start_app "$app" "$port" "$log"
        pid=$LAST_PID
        wait_answer "$port" "$pid" 60
        elapsed=$(( $(now_ms) - t0 ))
        cpu_ms=$(( $(cpu_ticks "$pid") * 1000 / CLK_TCK ))
        rss=$(rss_mib "$pid")
        started=$(sed -n 's/.*Started .* in \([0-9.]*\) seconds.*/\1/p' "$log" | head -1)
        printf '%s\t%d\t%d\t%s\t%s\t%s\n' "$app" "$i" "$elapsed" "${started:-nan}" "$rss" "$cpu_ms" >> "$STARTUP"
        stop_pid "$pid"
    done
done

# ---------------------------------------------------------------- 2. both apps up, idle RSS, sessions
APPS_STARTED_MS=$(now_ms)
for app in sample bare; do
    PORT[$app]=$(free_port)
    start_app "$app" "${PORT[$app]}" "$OUT/$app.log"
    PID[$app]=$LAST_PID
done
for app in sample bare; do
    wait_answer "${PORT[$app]}" "${PID[$app]}" 90
    SESSION[$app]=$(open_session "${PORT[$app]}")
done
sleep 5
declare -A RSS_IDLE RSS_LOAD
for app in sample bare; do
    RSS_IDLE[$app]=$(rss_mib "${PID[$app]}")
    RSS_LOAD[$app]=0
    lua_script "$OUT/modern.lua" "$MODERN_BODY" MCP-Protocol-Version 2026-07-28 Mcp-Method tools/call Mcp-Name get_weather
    lua_script "$OUT/legacy-$app.lua" "$LEGACY_BODY" MCP-Protocol-Version 2025-11-25 Mcp-Session-Id "${SESSION[$app]}"
done

script_for() { # kind app
    if [[ $1 == modern ]]; then echo "$OUT/modern.lua"; else echo "$OUT/legacy-$2.lua"; fi
}

# ---------------------------------------------------------------- 3. warm-up
echo
echo "== warm-up: ${WARMUP}s per app and request kind at 64 connections"
for app in sample bare; do
    for kind in $KINDS; do
        timeout $((WARMUP + 30)) wrk -t"$THREADS" -c64 -d"${WARMUP}s" --timeout 5s -s "$(script_for $kind $app)" \
            "http://127.0.0.1:${PORT[$app]}/mcp" > "$OUT/warmup-$app-$kind.txt" 2>&1 || true
    done
done

# ---------------------------------------------------------------- 4. measured runs
echo
echo "== measured runs"
# seconds since both apps were launched: the GC summary counts the pauses of the measured runs only
MEASURE_FROM_S=$(( ($(now_ms) - APPS_STARTED_MS) / 1000 ))
printf '%-7s %5s %5s %-6s %10s %9s %9s %10s %s\n' kind conns round app req/s p50_ms p99_ms cpu_us/req notes
for ((r = 1; r <= ROUNDS; r++)); do
    if (( r % 2 )); then order=(sample bare); else order=(bare sample); fi
    for kind in $KINDS; do
        for conns in $CONNECTIONS; do
            for app in "${order[@]}"; do
                file="$OUT/wrk-$kind-$conns-$r-$app.txt"
                sampler=""
                if [[ $conns == 64 ]]; then
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
                printf '%-7s %5s %5s %-6s %10.0f %9.3f %9.3f %10s %s\n' "$kind" "$conns" "$r" "$app" "$rps" "$p50" "$p99" \
                    "$cpu_us" "$notes"
            done
        done
    done
done

if [[ -n "$OBSERVED" ]]; then
    # the observed app did observe: its scrape has the operation series
    SERIES=$(curl -s --max-time 5 "http://127.0.0.1:$MANAGEMENT_PORT/actuator/prometheus" \
        | grep '^mcp_server_operation_duration_seconds_count{.*mcp_method_name="tools/call"' || true)
    [[ -n "$SERIES" ]] || { echo "the observed app has no mcp_server_operation_duration_seconds series" >&2; exit 1; }
    echo "$SERIES" > "$OUT/observed-series.txt"
fi

# which threads served: platform Tomcat workers (http-nio-...-exec-N) or virtual-thread carriers (ForkJoinPool)
declare -A THREAD_NOTE
for app in sample bare; do
    names=$(cat /proc/"${PID[$app]}"/task/*/comm 2>/dev/null || true)
    THREAD_NOTE[$app]="$(wc -l <<< "$names") threads: $(sed -E 's/[-_]?[0-9]+$//' <<< "$names" | sort | uniq -c \
        | sort -rn | head -6 | awk '{ n = $1; $1 = ""; printf "%s%d×%s", (NR > 1 ? ", " : ""), n, substr($0, 2) }')"
done

# ---------------------------------------------------------------- 5. summary
{
    echo
    echo "== summary: HTTP tools/call, $MODE threads, $JAVA_VERSION, $(date -u +%Y-%m-%d)"
    [[ -n "$OBSERVED" ]] && echo "   observed mode: sample = observed (ObservationRegistry + Prometheus), bare = the same jar without"
    [[ -n "$QUARKUS" ]] && echo "   quarkus mode: bare = the Quarkus MCP Server, JVM mode (it reads -Dquarkus.* of JAVA_OPTS, not APP_OPTS)"
    echo "   (medians over $ROUNDS rounds; ratios are the median of the per-round sample/bare ratios;"
    echo "    CPU us/req = the app process's user+system CPU time per answered request, sample/bare)"
    python3 - "$RAW" <<'PY'
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1]), delimiter="\t"))
def med(xs): return statistics.median(xs) if xs else float("nan")
print(f"{'request':<8} {'conns':>5} | {'sample req/s':>12} {'bare req/s':>10} {'ratio':>6} | {'sample p50':>10} {'bare p50':>8} | {'sample p99':>10} {'bare p99':>8} {'ratio':>6} | {'CPU us/req s/b':>16} | failed")
for kind in [k for k in ("modern", "legacy") if any(r["kind"] == k for r in rows)]:
    for conns in sorted({int(r["conns"]) for r in rows}):
        sel = [r for r in rows if r["kind"] == kind and int(r["conns"]) == conns]
        by = lambda app, f: [float(r[f]) for r in sel if r["app"] == app]
        rounds = sorted({r["round"] for r in sel})
        def per_round(f):
            out = []
            for rd in rounds:
                s = [float(r[f]) for r in sel if r["round"] == rd and r["app"] == "sample"]
                b = [float(r[f]) for r in sel if r["round"] == rd and r["app"] == "bare"]
                if s and b and b[0] > 0: out.append(s[0] / b[0])
            return med(out)
        bad = sum(int(r["bad"]) for r in sel)
        print(f"{kind:<8} {conns:>5} | {med(by('sample','rps')):>12.0f} {med(by('bare','rps')):>10.0f} {per_round('rps'):>6.2f} |"
              f" {med(by('sample','p50_ms')):>8.2f}ms {med(by('bare','p50_ms')):>6.2f}ms |"
              f" {med(by('sample','p99_ms')):>8.2f}ms {med(by('bare','p99_ms')):>6.2f}ms {per_round('p99_ms'):>6.2f} |"
              f" {med(by('sample','cpu_us_per_req')):>7.0f}/{med(by('bare','cpu_us_per_req')):<8.0f} | {bad}")
        for app in ("sample", "bare"):
            rps, p99 = by(app, "rps"), by(app, "p99_ms")
            if rps:
                spread = max(abs(x / med(rps) - 1) for x in rps) * 100
                print(f"{'':<8} {'':>5}   {app:<6} rounds: req/s {', '.join(f'{x:.0f}' for x in rps)} (farthest {spread:.0f} % from"
                      f" the median); p99 {', '.join(f'{x:.2f}' for x in p99)} ms")
PY
    echo
    echo "startup (time from launch to the first answered $FIRST_WHAT, median of $STARTS; Spring's own 'Started in';"
    echo "  the process's CPU time until the first answer, which a busy machine disturbs less)"
    python3 - "$STARTUP" <<'PY'
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1]), delimiter="\t"))
m = {}
for app in ("sample", "bare"):
    sel = [r for r in rows if r["app"] == app]
    first = statistics.median(int(r["first_answer_ms"]) for r in sel)
    spring = statistics.median(float(r["spring_started_s"]) for r in sel)
    cpu = statistics.median(int(r["cpu_ms"]) for r in sel)
    m[app] = (first, cpu)
    print(f"  {app:<7} first answer {first:6.0f} ms   (all: {', '.join(r['first_answer_ms'] for r in sel)})"
          f"   Spring 'Started in' {spring:.2f} s   CPU used until then {cpu:.0f} ms")
print(f"  ratio sample/bare: {m['sample'][0] / m['bare'][0]:.2f}   (CPU until the first answer: {m['sample'][1] / m['bare'][1]:.2f})")
PY
    echo
    echo "RSS (VmRSS, MiB): idle after start and one call of each kind; peak during the 64-connection runs"
    for app in sample bare; do
        printf '  %-7s idle %5s   under load %5s\n' "$app" "${RSS_IDLE[$app]}" "${RSS_LOAD[$app]}"
    done
    printf '  ratio sample/bare: idle %s   under load %s\n' "$(ratio "${RSS_IDLE[sample]}" "${RSS_IDLE[bare]}")" \
        "$(ratio "${RSS_LOAD[sample]}" "${RSS_LOAD[bare]}")"
    echo
    echo "threads after the load (/proc/PID/task names, 15 characters; virtual threads run on ForkJoinPool carriers):"
    echo "  sample ${THREAD_NOTE[sample]}"
    echo "  bare   ${THREAD_NOTE[bare]}"
    if [[ -n "${GC_LOG:-}" ]]; then
        echo
        echo "GC pauses after the warm-up, during the measured runs (from $OUT/{sample,bare}.gc):"
        python3 - "$OUT" "$MEASURE_FROM_S" <<'PY'
import re, statistics, sys
out, since = sys.argv[1], float(sys.argv[2])
for app in ("sample", "bare"):
    pauses = []
    for line in open(f"{out}/{app}.gc"):
        m = re.match(r"\[([0-9.]+)s\].*Pause.* ([0-9.]+)ms$", line.strip())
        if m and float(m.group(1)) >= since:
            pauses.append(float(m.group(2)))
    if not pauses:
        print(f"  {app:<7} no pause"); continue
    q = statistics.quantiles(pauses, n=100) if len(pauses) > 1 else pauses * 99
    print(f"  {app:<7} {len(pauses)} pauses, {sum(pauses):.0f} ms in all; median {statistics.median(pauses):.2f} ms,"
          f" p99 {q[98]:.2f} ms, longest {max(pauses):.2f} ms")
PY
    fi
} | tee "$OUT/summary.txt"
