#!/usr/bin/env bash
# Soak: the demo under wrk at SOAK_CONNECTIONS connections for SOAK_MINUTES minutes on a mix of
# URLs and POSTs, signed in. Prints, each minute: requests/s, socket errors, non-2xx/3xx
# answers and the server's RSS. The target: zero errors, RSS flat within 10 % after minute 1.
set -euo pipefail
cd "$(dirname "$0")/../.."
MINUTES=${SOAK_MINUTES:-5}
CONNECTIONS=${SOAK_CONNECTIONS:-256}
BIN=$(swift build -c release --show-bin-path)/webapp
PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
BASE="http://127.0.0.1:$PORT"
WORK=$(mktemp -d)
trap 'kill $PID 2>/dev/null || true; rm -rf "$WORK"' EXIT

# wrk's connections all come from 127.0.0.1: no limit per client address.
WEBROUTER_SECRET=soak-secret-of-at-least-32-characters-long "$BIN" --port "$PORT" --public Public --connections-per-client 0 --database "$WORK/webapp.sqlite" >"$WORK/webapp.log" 2>&1 &
PID=$!
for _ in $(seq 300); do curl -s -o /dev/null "$BASE/launch" && break; kill -0 $PID; sleep 0.1; done

# Sign in as demo/demo, keeping the cookies.
JAR="$WORK/cookies"
token() { grep -o 'name="_csrf" value="[^"]*"' | head -1 | sed 's/.*value="//; s/"$//'; }
LOGIN=$(curl -s -c "$JAR" -b "$JAR" "$BASE/welcome/~login")
curl -s -o /dev/null -c "$JAR" -b "$JAR" --data "_action=sign-in&_csrf=$(echo "$LOGIN" | token)&username=demo&password=demo" "$BASE/welcome/~login"
export SOAK_CSRF=$(curl -s -c "$JAR" -b "$JAR" "$BASE/search/~filter?q=united" | token)
export SOAK_COOKIE=$(awk '{ sub(/^#HttpOnly_/, "") } !/^#/ && NF==7 { printf "%s%s=%s", sep, $6, $7; sep="; " }' "$JAR")
[[ "$SOAK_COOKIE" == *wr_session=* ]] || { echo "soak: could not sign in"; exit 1; }

printf "%-7s %12s %14s %14s %10s\n" minute "requests/s" "socket errors" "non-2xx/3xx" "RSS (MB)"
FIRST_RSS=""
FAILED=0
for minute in $(seq "$MINUTES"); do
  OUT=$(wrk -t2 -c"$CONNECTIONS" -d60s --latency -s Tests/Load/mix.lua "$BASE" 2>&1)
  RPS=$(echo "$OUT" | awk '/Requests\/sec/ { print $2 }')
  ERRORS=$(echo "$OUT" | awk '/Socket errors/ { gsub(",", ""); print $4 + $6 + $8 + $10 }')
  BAD=$(echo "$OUT" | awk '/Non-2xx or 3xx/ { print $5 }')
  RSS=$(awk '/VmRSS/ { printf "%.1f", $2 / 1024 }' /proc/$PID/status)
  printf "%-7s %12s %14s %14s %10s\n" "$minute" "$RPS" "${ERRORS:-0}" "${BAD:-0}" "$RSS"
  [[ "${ERRORS:-0}" == 0 && "${BAD:-0}" == 0 ]] || FAILED=1
  if [[ $minute == 1 ]]; then FIRST_RSS=$RSS; fi
done
if [[ -n "$FIRST_RSS" && "$MINUTES" -gt 1 ]]; then
  python3 - "$FIRST_RSS" "$RSS" <<'PY' || FAILED=1
import sys
first, last = map(float, sys.argv[1:])
growth = (last - first) / first * 100
print(f"RSS after minute 1: {first} MB, at the end: {last} MB ({growth:+.1f} %)")
sys.exit(0 if abs(growth) <= 10 else 1)
PY
fi
kill -TERM $PID; wait $PID && echo "webapp exited 0 after SIGTERM" || { echo "webapp exit status $?"; FAILED=1; }
exit $FAILED
