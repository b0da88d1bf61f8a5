# MCP requests over HTTP for the benchmark scripts: sourced, not run. The get_weather call of both revisions, a
# 2025-11-25 session, and wrk scripts that send them.

MODERN_BODY='{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"get_weather","arguments":{"place":"Lisbon"},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}'
LEGACY_BODY='{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"get_weather","arguments":{"place":"Lisbon"}}}'
INIT_BODY='{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"bench","version":"1"}}}'

# One modern tools/call; succeeds when answered with a result.
modern_call() { # port
    local body
    body=$(curl -s --max-time 2 "http://127.0.0.1:$1/mcp" -H 'Content-Type: application/json' \
        -H 'Accept: application/json, text/event-stream' -H 'MCP-Protocol-Version: 2026-07-28' \
        -H 'Mcp-Method: tools/call' -H 'Mcp-Name: get_weather' -d "$MODERN_BODY" 2>/dev/null) || return 1
    [[ "$body" == *'"resultType":"complete"'* && "$body" == *'Lisbon: '* ]]
}

# One 2025-11-25 initialize (opening a session that is left to expire); succeeds when answered with a result.
legacy_initialize() { # port
    local body
    body=$(curl -s --max-time 2 "http://127.0.0.1:$1/mcp" -H 'Content-Type: application/json' \
        -H 'Accept: application/json, text/event-stream' -H 'MCP-Protocol-Version: 2025-11-25' -d "$INIT_BODY" \
        2>/dev/null) || return 1
    [[ "$body" == *'"protocolVersion":"2025-11-25"'* ]]
}

# Opens a 2025-11-25 session (initialize, notifications/initialized) and checks it with one call.
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

# A wrk script that POSTs the body with the headers given.
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

# A latency of wrk's output in milliseconds.
to_ms() { # wrk duration such as 812.00us, 1.23ms, 2.01s
    awk -v v="$1" 'BEGIN { n = v + 0; if (v ~ /us$/) n /= 1000; else if (v ~ /ms$/) n = n; else if (v ~ /m$/) n *= 60000;
        else if (v ~ /s$/) n *= 1000; printf "%.3f", n }'
}
