#!/usr/bin/env bash
# The forward model's speed against the engine as it was first built (commit 6a3ef07), side by
# side on one core: `simulate` with the heuristic bot, release and headless, on the same seeds
# and presets, with the invariant checks on and off. Prints every run, the medians and their
# ratio, the median of the runs' ratios pair by pair (each new run follows an old one, so a
# pair shares the host's load of that moment), and the ratio of each binary's best run (a
# neighbour's load only ever slows a run, so the best of a few is the steadiest estimate of a
# binary's own speed on a shared host); then `--threads 2` against `--threads 1` on two cores,
# and whether both give the same results (the games' hashes).
#
#   scripts/forward-bench.sh              # 3 runs a cell, 10,000 games a run
#   RUNS=5 GAMES=20000 CORE=1 scripts/forward-bench.sh
#   BASE=HEAD~5 scripts/forward-bench.sh  # against another commit
#
# The base commit is built once from `git archive` (it needs the repository's history, not a
# shallow clone) and kept under $CARGO_TARGET_DIR/forward-bench/.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/star-trek-panic/target}"
base="${BASE:-6a3ef07}"
runs="${RUNS:-3}"
games="${GAMES:-10000}"
core="${CORE:-1}"
cores=$(nproc)
if [ "$core" -ge "$cores" ]; then core=0; fi
# Scratch space (the old engine's sources, a side run's output), gone however the script ends.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

if ! base_rev=$(git rev-parse --short "$base^{commit}" 2>/dev/null); then
  echo "error: commit $base is not in this repository (a shallow clone? git fetch --unshallow)" >&2
  exit 2
fi
cargo build --release --locked --quiet --no-default-features
new="$CARGO_TARGET_DIR/release/star-trek-panic"
old_dir="$CARGO_TARGET_DIR/forward-bench/$base_rev"
old="$old_dir/star-trek-panic"
if [ ! -x "$old" ]; then
  echo "building $base_rev (once) ..." >&2
  src="$scratch/src"
  mkdir -p "$src"
  git archive "$base_rev" | tar -x -C "$src"
  (cd "$src" && CARGO_TARGET_DIR="$CARGO_TARGET_DIR/forward-bench/target" \
    cargo build --release --quiet --no-default-features)
  mkdir -p "$old_dir"
  cp "$CARGO_TARGET_DIR/forward-bench/target/release/star-trek-panic" "$old"
fi

# games/s of one run: binary, then simulate's options
rate() {
  local bin=$1; shift
  taskset -c "$core" "$bin" simulate --games "$games" --seed 1 --json "$@" 2>/dev/null |
    sed -n 's/.*"games_per_second":\([0-9.]*\).*/\1/p'
}
median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
best() { sort -n | tail -n 1; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {print a / b}'; }

printf '%-28s %12s %12s %7s %7s %7s\n' "cell (core $core, $games games)" "$base_rev g/s" "HEAD g/s" ratio paired best
for cell in "standard 4" "admiral 6"; do
  set -- $cell
  for check in "" "--no-check"; do
    olds=() news=()
    for _ in $(seq "$runs"); do
      olds+=("$(rate "$old" --preset "$1" --players "$2" $check)")
      news+=("$(rate "$new" --preset "$1" --players "$2" --threads 1 $check)")
    done
    o=$(printf '%s\n' "${olds[@]}" | median)
    n=$(printf '%s\n' "${news[@]}" | median)
    paired=$(for i in "${!olds[@]}"; do
      awk -v n="${news[$i]}" -v o="${olds[$i]}" 'BEGIN {print n / o}'
    done | median)
    top=$(ratio "$(printf '%s\n' "${news[@]}" | best)" "$(printf '%s\n' "${olds[@]}" | best)")
    name="$1 $2p ${check:-checked}"
    printf '%-28s %12.0f %12.0f %6.2fx %6.2fx %6.2fx   (runs: %s | %s)\n' "$name" "$o" "$n" \
      "$(ratio "$n" "$o")" "$paired" "$top" "${olds[*]}" "${news[*]}"
  done
done

# Threads: `--threads 2` against `--threads 1` on two cores, $runs interleaved pairs, the
# median of each. Beside it the host's own ceiling: two one-thread processes side by side, one
# a core, against one alone. A second busy core runs slower on some hosts (shared caches, the
# neighbours), and no code can scale past what two separate processes get.
if [ "$cores" -ge 2 ]; then
  second=$(( core == 0 ? 1 : 0 ))
  gps() { sed -n 's/.*"games_per_second":\([0-9.]*\).*/\1/p' <<<"$1"; }
  results() { sed 's/"games_per_second":[0-9.]*,//; s/"elapsed_seconds":[0-9.]*,//' <<<"$1"; }
  # one run's JSON: the cores it may use, then its threads
  sim() {
    taskset -c "$1" "$new" simulate --games "$games" --seed 1 --json --threads "$2" \
      --preset standard --players 4 2>/dev/null
  }
  ones=() twos=() alone=() pairs=() same="the same results"
  for _ in $(seq "$runs"); do
    one=$(sim "$core,$second" 1)
    two=$(sim "$core,$second" 2)
    [ "$(results "$one")" = "$(results "$two")" ] || same="DIFFERENT results"
    ones+=("$(gps "$one")") twos+=("$(gps "$two")")
    alone+=("$(gps "$(sim "$core" 1)")")
    side="$scratch/side.json"
    sim "$second" 1 >"$side" &
    here=$(gps "$(sim "$core" 1)")
    wait
    pairs+=("$(awk -v a="$here" -v b="$(gps "$(cat "$side")")" 'BEGIN {print a + b}')")
  done
  t1=$(printf '%s\n' "${ones[@]}" | median)
  t2=$(printf '%s\n' "${twos[@]}" | median)
  a1=$(printf '%s\n' "${alone[@]}" | median)
  p2=$(printf '%s\n' "${pairs[@]}" | median)
  b1=$(printf '%s\n' "${ones[@]}" | best)
  b2=$(printf '%s\n' "${twos[@]}" | best)
  printf 'threads 2 vs 1 (cores %s,%s): %.0f vs %.0f games/s, %.2fx (best runs %.0f vs %.0f, %.2fx); %s   (runs: %s | %s)\n' \
    "$core" "$second" "$t2" "$t1" "$(ratio "$t2" "$t1")" "$b2" "$b1" "$(ratio "$b2" "$b1")" \
    "$same" "${ones[*]}" "${twos[*]}"
  c1=$(printf '%s\n' "${alone[@]}" | best)
  c2=$(printf '%s\n' "${pairs[@]}" | best)
  printf 'the host'"'"'s ceiling: two processes side by side %.0f vs one alone %.0f games/s, %.2fx (best %.2fx)   (runs: %s | %s)\n' \
    "$p2" "$a1" "$(ratio "$p2" "$a1")" "$(ratio "$c2" "$c1")" "${alone[*]}" "${pairs[*]}"
fi

# A hint at the default budget on one core, file and all, for every docs scenario.
worst=0
for f in docs/scenarios/*.ron; do
  start=$(date +%s%N)
  out=$(taskset -c "$core" "$new" hint "$f" --json 2>/dev/null) || out=""
  wall=$(( ($(date +%s%N) - start) / 1000000 ))
  [ -z "$out" ] && { printf 'hint %-16s no one must act\n' "$(basename "$f")"; continue; }
  rollouts=$(sed -n 's/.*"rollouts":\([0-9]*\).*/\1/p' <<<"$out")
  printf 'hint %-16s %4d ms wall, %6d rollouts\n' "$(basename "$f")" "$wall" "$rollouts"
  [ "$wall" -gt "$worst" ] && worst=$wall
done
echo "slowest hint: $worst ms (goal: 400 ms)"
