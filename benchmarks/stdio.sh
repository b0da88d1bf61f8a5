#!/usr/bin/env bash
# stdio benchmark: pipelined 2026-07-28 tools/call lines through the real sample jar
# (--beammcp.transport=stdio) against a plain Java line loop (Jackson parse, equivalent answer, flush per line).
#
#   benchmarks/stdio.sh [--java PATH] [--observed]
#
# --observed compares the sample jar with Actuator's ObservationRegistry and the Prometheus registry, which
# stdio leaves out unless told ("observed"), against the same jar as stdio starts it ("sample"), instead of the
# plain loop.
#
# Then, in the same process, ROUND_TRIPS (5000) calls one at a time, as a client that waits for each answer:
# their median and p99 round trip.
# Environment: CALLS (100000), WARMUP_CALLS (300000, answered before the clock starts: enough for the JIT of both processes to settle on 2 CPUs), ROUNDS (3),
# TIMEOUT (s per run, 120), JAVA_OPTS (for both servers), RESULTS_DIR, HOP=1 to add the diagnostic
# "plain-hop" (the plain loop handing each line to a worker thread as the real transport does with tool calls)
# and "plain-hopb" (the same hand-off done cheaper: fixed workers on a queue, a writer that flushes when idle).
# Runs alternate sample/plain (ABBA over rounds). The driver (StdioDriver in the JMH jar) waits for one probe
# answer before timing, so JVM and Spring start-up are excluded (reported as ready_ms), and fails the run
# unless every id sent comes back exactly once with a result.
set -euo pipefail
source "$(dirname "$0")/common.sh"

CALLS="${CALLS:-100000}"
WARMUP_CALLS="${WARMUP_CALLS:-300000}"
ROUND_TRIPS="${ROUND_TRIPS:-5000}"
ROUNDS="${ROUNDS:-3}"
TIMEOUT="${TIMEOUT:-120}"
JAVA_BIN="$JAVA"
OBSERVED=""
while [[ $# -gt 0 ]]; do
    case "$1" in
        --java) JAVA_BIN="$2"; shift ;;
        --observed) OBSERVED=1 ;;
        *) echo "usage: $0 [--java PATH] [--observed]" >&2; exit 2 ;;
    esac
    shift
done
require_jars "$SAMPLE_JAR" "$JMH_JAR"
trap cleanup EXIT
trap 'exit 130' INT TERM

OUT="$(results_dir "stdio${OBSERVED:+-observed}")"
snapshot_jars
RAW="$OUT/runs.tsv"
printf 'round\tapp\tcalls_per_s\tready_ms\tcpu_us_per_call\twarmup_calls_per_s\trtt_median_us\trtt_p99_us\n' > "$RAW"
JAVA_VERSION=$("$JAVA_BIN" -version 2>&1 | head -1)
echo "stdio benchmark: $CALLS pipelined tools/call lines (after $WARMUP_CALLS warm-up), $ROUNDS rounds (ABBA)"
echo "$JAVA_VERSION; $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg); results in $OUT"
printf '%5s %-9s %12s %9s %12s %12s %9s %9s\n' round app calls/s ready_ms cpu_us/call warmup/s rtt_us p99_us

run() { # round app
    local cmd
    case $2 in
        sample) cmd=("$JAVA_BIN" "${JAVA_OPTS_ARRAY[@]}" -jar "$SAMPLE_JAR" --beammcp.transport=stdio) ;;
        observed) cmd=("$JAVA_BIN" "${JAVA_OPTS_ARRAY[@]}" -jar "$SAMPLE_JAR" --beammcp.transport=stdio "${OBSERVED_STDIO_ARGS[@]}") ;;
        plain) cmd=("$JAVA_BIN" "${JAVA_OPTS_ARRAY[@]}" -cp "$JMH_JAR" io.beammcp.benchmarks.stdio.PlainLineLoop) ;;
        plain-hop) cmd=("$JAVA_BIN" "${JAVA_OPTS_ARRAY[@]}" -cp "$JMH_JAR" io.beammcp.benchmarks.stdio.PlainLineLoop --hop) ;;
        plain-hopb) cmd=("$JAVA_BIN" "${JAVA_OPTS_ARRAY[@]}" -cp "$JMH_JAR" io.beammcp.benchmarks.stdio.PlainLineLoop --hop-batched) ;;
    esac
    local line
    timeout $((TIMEOUT + 30)) "$JAVA" -cp "$JMH_JAR" io.beammcp.benchmarks.stdio.StdioDriver --calls "$CALLS" \
        --warmup "$WARMUP_CALLS" --round-trips "$ROUND_TRIPS" --timeout "$TIMEOUT" --stderr "$OUT/$2-$1.err" -- "${cmd[@]}" > "$OUT/$2-$1.out" &
    STARTED_PIDS+=("$!")
    wait "$!"
    line=$(cat "$OUT/$2-$1.out")
    local rate ready cpu
    # " calls_per_s=", not "warmup_calls_per_s=": the timed calls, not the warm-up
    rate=$(sed -n 's/.* calls_per_s=\([0-9]*\).*/\1/p' <<< "$line")
    warmup=$(sed -n 's/.*warmup_calls_per_s=\([0-9]*\).*/\1/p' <<< "$line")
    ready=$(sed -n 's/.*ready_ms=\([0-9]*\).*/\1/p' <<< "$line")
    cpu=$(sed -n 's/.*cpu_us_per_call=\([0-9.naN]*\).*/\1/p' <<< "$line")
    rtt=$(sed -n 's/.*rtt_median_us=\([0-9]*\).*/\1/p' <<< "$line")
    p99=$(sed -n 's/.*rtt_p99_us=\([0-9]*\).*/\1/p' <<< "$line")
    if [[ -z "$rate" ]]; then
        echo "run $1 of $2 failed: $(tail -n 3 "$OUT/$2-$1.err" 2>/dev/null)" >&2
        exit 1
    fi
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$1" "$2" "$rate" "$ready" "$cpu" "$warmup" "${rtt:-0}" "${p99:-0}" >> "$RAW"
    printf '%5s %-9s %12s %9s %12s %12s %9s %9s\n' "$1" "$2" "$rate" "$ready" "$cpu" "$warmup" "${rtt:--}" "${p99:--}"
}

APPS=(sample plain)
[[ "${HOP:-0}" == 1 ]] && APPS+=(plain-hop plain-hopb)
[[ -n "$OBSERVED" ]] && APPS=(sample observed)
for ((r = 1; r <= ROUNDS; r++)); do
    order=("${APPS[@]}")
    if (( r % 2 == 0 )); then
        order=()
        for ((i = ${#APPS[@]} - 1; i >= 0; i--)); do order+=("${APPS[$i]}"); done
    fi
    for app in "${order[@]}"; do
        run "$r" "$app"
    done
done

{
    echo
    echo "== summary: stdio tools/call, $JAVA_VERSION, $(date -u +%Y-%m-%d), $CALLS calls per run"
    python3 - "$RAW" <<'PY'
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1]), delimiter="\t"))
get = lambda app, f: [float(r[f]) for r in rows if r["app"] == app]
def round_ratios(field, a="sample", b="plain"):
    out = []
    for rd in sorted({r["round"] for r in rows}):
        s = [float(r[field]) for r in rows if r["round"] == rd and r["app"] == a]
        p = [float(r[field]) for r in rows if r["round"] == rd and r["app"] == b]
        out.append(s[0] / p[0])
    return out
if get("observed", "calls_per_s"):
    for app in ("observed", "sample"):
        print(f"  {app:<9} {statistics.median(get(app, 'calls_per_s')):>9.0f} calls/s (runs: {', '.join(f'{v:.0f}' for v in get(app, 'calls_per_s'))});"
              f" {statistics.median(get(app, 'cpu_us_per_call')):.1f} CPU us/call; round trip {statistics.median(get(app, 'rtt_median_us')):.0f} us")
    print(f"  ratio observed/sample (median of per-round ratios): calls/s {statistics.median(round_ratios('calls_per_s', 'observed', 'sample')):.3f}"
          f", CPU per call {statistics.median(round_ratios('cpu_us_per_call', 'observed', 'sample')):.3f}"
          f", round trip {statistics.median(round_ratios('rtt_median_us', 'observed', 'sample')):.3f}   (target: calls/s >= 0.90)")
    sys.exit(0)
ratios = round_ratios("calls_per_s")
for app, label in (("sample", "sample jar (beammcp stdio)"), ("plain", "plain Jackson line loop"),
                   ("plain-hop", "plain loop + worker hand-off"),
                   ("plain-hopb", "plain + batched hand-off")):
    if not get(app, "calls_per_s"):
        continue
    print(f"  {label:<28} {statistics.median(get(app, 'calls_per_s')):>9.0f} calls/s   (runs: {', '.join(f'{v:.0f}' for v in get(app, 'calls_per_s'))});"
          f" {statistics.median(get(app, 'cpu_us_per_call')):.1f} CPU us/call; ready after {statistics.median(get(app, 'ready_ms')):.0f} ms")
print(f"  ratio sample/plain (median of per-round ratios): {statistics.median(ratios):.2f}   (target >= 0.5);"
      f" CPU per call sample/plain {statistics.median(get('sample', 'cpu_us_per_call')) / statistics.median(get('plain', 'cpu_us_per_call')):.2f}")
print(f"  warm-up calls (JIT still compiling, before the clock starts): sample/plain {statistics.median(round_ratios('warmup_calls_per_s')):.2f}"
      f" ({statistics.median(get('sample', 'warmup_calls_per_s')):.0f} / {statistics.median(get('plain', 'warmup_calls_per_s')):.0f} calls/s)")
if get("sample", "rtt_median_us")[0] > 0:
    rtt = round_ratios("rtt_median_us")
    print(f"  round trip of a client that waits for each answer: sample {statistics.median(get('sample', 'rtt_median_us')):.0f} us"
          f" (p99 {statistics.median(get('sample', 'rtt_p99_us')):.0f}), plain {statistics.median(get('plain', 'rtt_median_us')):.0f} us"
          f" (p99 {statistics.median(get('plain', 'rtt_p99_us')):.0f}); ratio sample/plain {statistics.median(rtt):.2f}   (target <= 1.3)")
if get("plain-hop", "calls_per_s"):
    hop = statistics.median(get("plain-hop", "calls_per_s")) / statistics.median(get("plain", "calls_per_s"))
    cpu = lambda app: statistics.median(get(app, "cpu_us_per_call"))
    print(f"  diagnostic: plain-hop/plain {hop:.2f} calls/s, {cpu('plain-hop') / cpu('plain'):.2f} CPU per call"
          " (the price of the transport's worker hand-off alone)")
    if get("plain-hopb", "calls_per_s"):
        hopb = statistics.median(get("plain-hopb", "calls_per_s")) / statistics.median(get("plain", "calls_per_s"))
        print(f"  diagnostic: plain-hopb/plain {hopb:.2f} calls/s, {cpu('plain-hopb') / cpu('plain'):.2f} CPU per call"
              " (fixed workers + queue, group-flushing writer)")
PY
} | tee "$OUT/summary.txt"
