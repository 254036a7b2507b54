#!/usr/bin/env bash
# The Academy's first lesson, and a card fired by keys in the second, as a blind player meets
# them (issue 43): the game under Xvfb, with Orca, the screen reader, in a D-Bus session of its
# own. Speech Dispatcher speaks through espeak-ng into a file instead of a sound card; the
# keys are pressed by xdotool, as a player would press them. Prints each key and what Orca
# said after it, and leaves Orca's words in $OUT/spoken.txt, its debug log in
# $OUT/orca-debug.txt and the last sentence's speech in $OUT/spoken-last.wav (OUT defaults to
# a fresh folder under /tmp).
# With SCENARIO=FILE.ron the game opens that position instead of the Academy, and the keys in
# KEYS (xdotool's names, space-separated) are pressed in turn: any action heard, for example
# SCENARIO=docs/scenarios/mission.ron KEYS="w 1 Tab Return". With OPENING, the game opens
# with those options instead (OPENING="--setup" KEYS="Tab Tab Return": the setup screen).
# Installs orca, espeak-ng and speech-dispatcher the first time (Debian/Ubuntu packages).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--help" ]; then
  sed -n '2,12p' "$0" | cut -c3-
  exit 0
fi
need=()
for tool in orca espeak-ng speech-dispatcher xdotool Xvfb dbus-run-session; do
  command -v "$tool" >/dev/null || need+=("$tool")
done
if [ ${#need[@]} -gt 0 ]; then
  echo "Installing orca, espeak-ng and speech-dispatcher (missing: ${need[*]})..."
  sudo_or_not=""
  [ "$(id -u)" -ne 0 ] && sudo_or_not="sudo"
  $sudo_or_not apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_or_not apt-get install -y -qq --no-install-recommends \
    orca espeak-ng speech-dispatcher xdotool xvfb dbus at-spi2-core imagemagick >/dev/null
fi
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/star-trek-panic/target}"
cargo build --locked --quiet
game_bin="$CARGO_TARGET_DIR/debug/star-trek-panic"
OUT="${OUT:-$(mktemp -d /tmp/stp-orca.XXXXXX)}"
mkdir -p "$OUT"
home="$(mktemp -d /tmp/stp-orca-home.XXXXXX)"
# Speech Dispatcher's own settings, in a home of this run's: a module that writes each
# sentence to the transcript and speaks it with espeak-ng into a file.
mkdir -p "$home/config/speech-dispatcher/modules" "$home/data/star-trek-panic" "$home/run"
chmod 700 "$home/run"
cat >"$home/config/speech-dispatcher/speechd.conf" <<EOF
AddModule "tofile" "sd_generic" "tofile.conf"
DefaultModule tofile
LanguageDefaultModule "en" "tofile"
# The generic module plays nothing, but Speech Dispatcher opens an audio method all the
# same: libao opens without a sound card, PulseAudio and ALSA do not.
AudioOutputMethod "libao"
EOF
cat >"$home/config/speech-dispatcher/modules/tofile.conf" <<EOF
GenericExecuteSynth "echo \\'\$DATA\\' >> $OUT/spoken.txt; printf %s \\'\$DATA\\' | espeak-ng -v en-us --stdin -w $OUT/spoken-last.wav"
GenericCmdDependency "espeak-ng"
GenericLanguage "en" "en-us" "utf-8"
AddVoice "en" "MALE1" "en-us"
EOF
# The key closed (it would open over the table) and light graphics (faster under software
# rendering; the tree is the same).
echo '{"key_seen": true, "high_graphics": false}' >"$home/data/star-trek-panic/settings.json"
display=":$((50 + RANDOM % 40))"
Xvfb "$display" -screen 0 1280x720x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true; rm -rf "$home"' EXIT
sleep 1
: >"$OUT/spoken.txt"
session() {
  set -u
  /usr/libexec/at-spi-bus-launcher --launch-immediately &
  sleep 2
  # Orca says a reader runs when it starts; said here too, so the game's adapter wakes
  # whatever the order.
  for property in IsEnabled ScreenReaderEnabled; do
    gdbus call --session --dest org.a11y.Bus --object-path /org/a11y/bus \
      --method org.freedesktop.DBus.Properties.Set org.a11y.Status "$property" '<true>' \
      >/dev/null
  done
  timeout 600 orca --replace -d braille -d braille-monitor --debug-file="$OUT/orca-debug.txt" \
    >/dev/null 2>&1 &
  sleep 8
  local opening=(--tutorial)
  [ -n "${SCENARIO:-}" ] && opening=(--scenario "$SCENARIO")
  [ -n "${OPENING:-}" ] && read -r -a opening <<<"$OPENING"
  XDG_DATA_HOME="$home/data" WGPU_BACKEND=vulkan timeout 500 "$game_bin" "${opening[@]}" \
    --window 1280x720 >"$OUT/game.log" 2>&1 &
  local game=$!
  local window=""
  for _ in $(seq 60); do
    window=$(xdotool search --name "Star Trek Panic" 2>/dev/null | head -1 || true)
    [ -n "$window" ] && break
    sleep 1
  done
  [ -n "$window" ] || { echo "the game's window never opened" >&2; return 1; }
  sleep "${SETTLE:-20}"
  # Xvfb has no window manager: the game takes the keyboard as a click would give it.
  xdotool windowfocus --sync "$window"
  sleep 4
  press() {
    local said
    said=$(wc -l <"$OUT/spoken.txt")
    xdotool key "$1"
    sleep "${2:-7}"
    echo "[$1]"
    tail -n +"$((said + 1))" "$OUT/spoken.txt" | tr '\n' ' ' | sed 's/^/  /'
    echo
  }
  echo "[the window takes the keyboard]"
  tr '\n' ' ' <"$OUT/spoken.txt" | sed 's/^/  /'
  echo
  if [ -n "${SCENARIO:-}${OPENING:-}" ]; then
    for key in ${KEYS:-}; do press "$key"; done
  else
    lesson_keys
  fi
  import -window root "$OUT/last.png" 2>/dev/null || true
  kill "$game" 2>/dev/null || true
  sleep 3
  pkill -INT -f "orca --replace" || true
  sleep 4
}
# The Academy's keys: lesson 1 whole, and a card fired in lesson 2.
lesson_keys() {
  # Tab round the turn's controls, read the lesson's three steps (N), then end the phase and
  # step through the threats' turn (Space), and on to the next lesson (N), where a card is
  # played by keys (below).
  for key in Tab Tab Tab n n n; do press "$key"; done
  press space 12
  for _ in 1 2 3 4 5 6; do press space 8; done
  press n 10
  # Lesson 2 by keys alone: its next step picks card 1 with its target in focus (N), Enter
  # fires, and the lesson's last step follows (N).
  press n 8
  press Return 12
  press n 8
}
export -f session lesson_keys
export OUT home game_bin SCENARIO KEYS
DISPLAY="$display" XDG_CONFIG_HOME="$home/config" XDG_CACHE_HOME="$home/cache" \
  XDG_RUNTIME_DIR="$home/run" timeout 700 dbus-run-session -- bash -c session
echo "Orca's words: $OUT/spoken.txt; its debug log: $OUT/orca-debug.txt"
