#!/usr/bin/env bash
# Measures the tabletop's CPU use at rest: starts it under Xvfb on a dealt game, lets it
# settle, then reads its CPU time over 30 seconds. Prints the percentage of one core.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/star-trek-panic/target}"
cargo build --locked --quiet
display=":$((50 + RANDOM % 40))"
Xvfb "$display" -screen 0 1280x720x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
trap 'kill $game $xvfb 2>/dev/null || true' EXIT
sleep 1
DISPLAY="$display" WGPU_BACKEND=vulkan "$CARGO_TARGET_DIR/debug/star-trek-panic" \
  --seed 42 --players 3 --preset standard >/dev/null 2>&1 &
game=$!
sleep "${SETTLE:-20}"
ticks() { awk '{print $14 + $15}' "/proc/$game/stat"; }
hz=$(getconf CLK_TCK)
before=$(ticks)
sleep 30
after=$(ticks)
kill -0 "$game" 2>/dev/null || { echo "the game is not running" >&2; exit 1; }
echo "idle CPU over 30 s: $(awk -v d=$((after - before)) -v hz="$hz" 'BEGIN { printf "%.1f", 100 * d / hz / 30 }')% of one core"
