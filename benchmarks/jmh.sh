#!/usr/bin/env bash
# Core benchmarks (JMH, with the GC profiler for bytes allocated per operation):
#   CallPathBenchmark.toolsCall          decode, route, validate, dispatch to a no-op tool, encode (small, nested50)
#   ToolsListBenchmark.listPage          one tools/list page through a cursor, catalogs of 10, 1000, 100000 tools
#   ToolsListBenchmark.callInLargeCatalog one tools/call in those catalogs
#
#   benchmarks/jmh.sh [--java PATH] [JMH options...]     e.g.  benchmarks/jmh.sh -f 2 CallPath
#
# Environment: RESULTS_DIR. Takes about 3 minutes with the defaults of the benchmark classes.
set -euo pipefail
source "$(dirname "$0")/common.sh"

JAVA_BIN="$JAVA"
if [[ "${1:-}" == --java ]]; then
    JAVA_BIN="$2"
    shift 2
fi
require_jars "$JMH_JAR"
trap cleanup EXIT
trap 'exit 130' INT TERM
OUT="$(results_dir jmh)"
snapshot_jars
JAVA_VERSION=$("$JAVA_BIN" -version 2>&1 | head -1)
echo "JMH core benchmarks, $JAVA_VERSION; $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg); results in $OUT"

timeout 1200 "$JAVA_BIN" "${JAVA_OPTS_ARRAY[@]}" -jar "$JMH_JAR" -prof gc -rf csv -rff "$OUT/jmh.csv" "$@" \
    > "$OUT/jmh.txt" 2>&1 &
STARTED_PIDS+=("$!")
if ! wait "$!"; then
    tail -30 "$OUT/jmh.txt"
    echo "JMH failed; full output in $OUT/jmh.txt" >&2
    exit 1
fi

{
    echo
    echo "== summary: core (JMH, -prof gc), $JAVA_VERSION, $(date -u +%Y-%m-%d)"
    echo "   (ns/op: mean and 99.9% error over the measured iterations; best: the fastest iteration; B/op: gc.alloc.rate.norm)"
    python3 - "$OUT/jmh.csv" "$OUT/jmh.txt" <<'PY'
import csv, re, sys
rows = list(csv.DictReader(open(sys.argv[1])))
# the fastest measured iteration of each benchmark: on a busy machine a steadier figure than the mean
best, bench, params_text = {}, None, ""
for line in open(sys.argv[2], encoding="utf-8", errors="replace"):
    if line.startswith("# Benchmark: "):
        bench, params_text = line.split(": ", 1)[1].strip(), ""
    elif line.startswith("# Parameters: "):
        params_text = line.split(": ", 1)[1].strip()
    else:
        m = re.match(r"^Iteration\s+\d+: ([\d.]+) ns/op", line)
        if m and bench:
            values = tuple(v.split(" = ")[1] for v in params_text.strip("()").split(", ") if " = " in v)
            key = (bench, values)
            best[key] = min(best.get(key, float("inf")), float(m.group(1)))
params = [k for k in rows[0] if k.startswith("Param: ")] if rows else []
def key(r):
    return (r["Benchmark"].split(":")[0], tuple(r[p] for p in params))
table = {}
for r in rows:
    name = r["Benchmark"]
    entry = table.setdefault(key(r), {})
    if ":" not in name:
        entry["score"], entry["error"], entry["unit"] = float(r["Score"]), r["Score Error (99.9%)"], r["Unit"]
    elif name.endswith(":gc.alloc.rate.norm"):
        entry["alloc"] = float(r["Score"])
print(f"  {'benchmark':<42} {'params':<16} {'ns/op':>12} {'± (99.9%)':>10} {'best ns/op':>10} {'B/op':>10}")
for (bench, values), e in table.items():
    label = bench.replace("io.beammcp.benchmarks.", "")
    p = ",".join(f"{n[7:]}={v}" for n, v in zip(params, values) if v)
    err = e.get("error", "")
    try:
        err = f"{float(err):.1f}"
    except ValueError:
        pass
    fastest = best.get((bench, tuple(v for v in values if v)), float("nan"))
    print(f"  {label:<42} {p:<16} {e.get('score', float('nan')):>12.1f} {err:>10} {fastest:>10.1f} {e.get('alloc', float('nan')):>10.0f}")
PY
} | tee "$OUT/summary.txt"
