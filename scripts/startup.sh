#!/usr/bin/env bash
# Start-up time and peak memory of the game against a bare Bevy 3D + egui window built with
# the same features and profile (`star-trek-panic bare-window`), under Xvfb with Mesa's
# software Vulkan. Each runs RUNS times (default 3); prints every run, then the medians.
# The game's "first frame" is its first frame with a dealt table; memory is the peak
# resident size two seconds later.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/star-trek-panic/target}"
profile="${PROFILE:-dev}"
cargo build --locked --quiet --profile "$profile"
dir=$([ "$profile" = dev ] && echo debug || echo "$profile")
bin="$CARGO_TARGET_DIR/$dir/star-trek-panic"
display=":$((50 + RANDOM % 40))"
Xvfb "$display" -screen 0 1280x720x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true' EXIT
sleep 1
data=$(mktemp -d)
measure() { # name, then the command's arguments
  local name=$1; shift
  local times=() mems=()
  for _ in $(seq "${RUNS:-3}"); do
    out=$(DISPLAY="$display" WGPU_BACKEND=vulkan XDG_DATA_HOME="$data" STP_MEASURE_STARTUP=1 \
      timeout 120 "$bin" "$@" 2>/dev/null)
    t=$(sed -n 's/^first frame after \([0-9]*\) ms$/\1/p' <<<"$out")
    m=$(sed -n 's/^peak memory \([0-9]*\) MB$/\1/p' <<<"$out")
    p=$(sed -n 's/^render pipelines \([0-9]*\)$/\1/p' <<<"$out")
    echo "$name: first frame after ${t:-?} ms, peak memory ${m:-?} MB, ${p:-?} render pipelines"
    times+=("${t:-0}"); mems+=("${m:-0}")
  done
  median() { printf '%s\n' "$@" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
  echo "$name median ($profile): $(median "${times[@]}") ms to the first frame, $(median "${mems[@]}") MB peak"
}
measure "bare Bevy 3D + egui" bare-window
measure "Star Trek Panic" --seed 42 --players 3 --preset standard
rm -rf "$data"
