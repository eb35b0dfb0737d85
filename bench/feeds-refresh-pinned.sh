#!/usr/bin/env bash
# bench:feeds-refresh with the server's event loop on a vCPU of its own (docs/benchmarks.md,
# "Refreshing 500 feeds"): the server's main thread and the bench that measures it on vCPU 0;
# the server's other threads (the feeds' refresh thread, libuv's pool, V8's helpers), the feed
# server and every PostgreSQL process on vCPU 1. It tells the refresh's own effect on the TVs'
# loop apart from the other processes' on two shared cores. Linux, two vCPUs or more, taskset.
#
#   npm run build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/test bash bench/feeds-refresh-pinned.sh
set -euo pipefail
cd "$(dirname "$0")/.."

pin() {
  # PostgreSQL once: the postmaster's new backends inherit its vCPU.
  for p in $(pgrep -x postgres); do taskset -a -p -c 1 "$p" >/dev/null 2>&1 || true; done
  local server feeds
  until server=$(pgrep -f "dist/server/main.js"); do sleep 1; done
  until feeds=$(pgrep -f hitTimes); do sleep 1; done
  taskset -a -p -c 1 "$feeds" >/dev/null
  # The server's threads as they appear (a shell glob each second, no process spawned for a known
  # one): a thread inherits its creator's vCPU, so the main thread's new ones are moved off it.
  declare -A seen
  while kill -0 "$server" 2>/dev/null; do
    for task in /proc/"$server"/task/*; do
      local tid=${task##*/}
      [ -n "${seen[$tid]:-}" ] && continue
      seen[$tid]=1
      if [ "$tid" = "$server" ]; then cpu=0; else cpu=1; fi
      taskset -p -c "$cpu" "$tid" >/dev/null 2>&1 || true
    done
    sleep 1
  done
}

# PostgreSQL outlives the bench: its vCPUs are given back at the end, whatever the outcome (a
# postmaster left on one vCPU slowed every later use of the machine's database).
unpin() {
  kill "$pinner" 2>/dev/null || true
  for p in $(pgrep -x postgres); do taskset -a -p -c "0-$(($(nproc) - 1))" "$p" >/dev/null 2>&1 || true; done
}
pin &
pinner=$!
trap unpin EXIT
taskset -c 0 npx tsx bench/feeds-refresh.ts
