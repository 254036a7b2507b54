#!/usr/bin/env bash
# Measures the tabletop's CPU use at rest: starts it under Xvfb on a dealt game, lets it
# settle, then reads its CPU time over 30 seconds. Prints the percentage of one core.
# With --network, the window is a seat of a game hosted by `serve` on this machine (its link
# stays up while it rests), so this measures an idle networked table.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/star-trek-panic/target}"
cargo build --locked --quiet
game_bin="$CARGO_TARGET_DIR/debug/star-trek-panic"
display=":$((50 + RANDOM % 40))"
Xvfb "$display" -screen 0 1280x720x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
host=""
trap 'kill $game $xvfb $host 2>/dev/null || true' EXIT
sleep 1
if [ "${1:-}" = "--network" ]; then
  invite_file="$(mktemp -u /tmp/stp-idle-invite.XXXXXX)"
  "$game_bin" serve --code idle-cpu-check --relay none --invite-file "$invite_file" \
    --players 2 --bots 1 >/dev/null 2>&1 &
  host=$!
  for _ in $(seq 100); do [ -s "$invite_file" ] && break; sleep 0.1; done
  set -- join "$(cat "$invite_file")" --seat 1
  rm -f "$invite_file"
else
  set -- --seed 42 --players 3 --preset standard
fi
DISPLAY="$display" WGPU_BACKEND=vulkan "$game_bin" "$@" >/dev/null 2>&1 &
game=$!
sleep "${SETTLE:-20}"
ticks() { awk '{print $14 + $15}' "/proc/$game/stat"; }
hz=$(getconf CLK_TCK)
before=$(ticks)
sleep 30
after=$(ticks)
kill -0 "$game" 2>/dev/null || { echo "the game is not running" >&2; exit 1; }
echo "idle CPU over 30 s: $(awk -v d=$((after - before)) -v hz="$hz" 'BEGIN { printf "%.1f", 100 * d / hz / 30 }')% of one core"
