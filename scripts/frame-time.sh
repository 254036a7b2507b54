#!/usr/bin/env bash
# Frame times of a threat phase under Xvfb with Mesa's software Vulkan: the README's table
# scenario, its Play phase ended at once, the threat phase played at speed 1 (every step
# paced). Prints the frame count, mean, 95th percentile and worst frame (STP_MEASURE_FRAMES),
# and after each run the bare Bevy 3D + egui window's (`bare-window`, 200 frames), the
# yardstick built alike.
#   PROFILE=play scripts/frame-time.sh      the build scripts/play.sh plays (default: dev)
#   GRAPHICS=low scripts/frame-time.sh      the menu's low graphics (default: high)
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
data=$(mktemp -d)
trap 'kill $xvfb 2>/dev/null || true; rm -rf "$data"' EXIT
mkdir -p "$data/star-trek-panic"
high=$([ "${GRAPHICS:-high}" = low ] && echo false || echo true)
echo "{\"key_seen\": true, \"high_graphics\": $high}" >"$data/star-trek-panic/settings.json"
echo "profile $profile, graphics ${GRAPHICS:-high}"
sleep 1
for _ in $(seq "${RUNS:-3}"); do
  DISPLAY="$display" WGPU_BACKEND=vulkan XDG_DATA_HOME="$data" STP_MEASURE_FRAMES=1 \
    timeout 300 "$bin" --scenario docs/scenarios/table.ron --threat-steps 1000 2>/dev/null |
    grep '^threat phase:' || echo "no threat phase was measured"
  DISPLAY="$display" WGPU_BACKEND=vulkan STP_MEASURE_FRAMES=1 \
    timeout 300 "$bin" bare-window 2>/dev/null |
    grep '^bare window:' || echo "no bare window was measured"
done
