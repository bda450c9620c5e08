# Progress and time-left lines for long-running scripts, on stderr so that
# stdout stays the script's result. Source it:
#   . "$root/scripts/lib/progress.sh"
#   progress_start 1000                # before the loop
#   progress_tick "$i" "run $i"        # after item i of 1000 (prints at most
#                                      # every PROGRESS_EVERY seconds, 30)
#   watcher=$(progress_watch 1000 count_cmd ...)  # for work a program does:
#   ...; kill "$watcher"               # count_cmd prints how many are done
# A line reads "[120/1000 12%] run 120: 2m10s elapsed, about 15m50s left".

progress_duration() {
  local s=$1
  if [ "$s" -ge 3600 ]; then
    printf '%dh%02dm' $((s / 3600)) $((s % 3600 / 60))
  elif [ "$s" -ge 60 ]; then
    printf '%dm%02ds' $((s / 60)) $((s % 60))
  else
    printf '%ds' "$s"
  fi
}

# progress_line DONE TOTAL START [LABEL]: prints one line.
progress_line() {
  local done=$1 total=$2 start=$3 label=${4:-}
  local elapsed=$(($(date +%s) - start)) left="unknown"
  if [ "$done" -gt 0 ] && [ "$total" -ge "$done" ]; then
    left="about $(progress_duration $((elapsed * (total - done) / done)))"
  fi
  local pct=0
  [ "$total" -gt 0 ] && pct=$((100 * done / total))
  printf '[%d/%d %d%%] %s%s elapsed, %s left\n' "$done" "$total" "$pct" \
    "${label:+$label: }" "$(progress_duration "$elapsed")" "$left" >&2
}

progress_start() {
  PROGRESS_TOTAL=$1
  PROGRESS_START=$(date +%s)
  PROGRESS_LAST=0
}

# progress_tick DONE [LABEL]: a line when PROGRESS_EVERY seconds passed
# since the last one, or at the end.
progress_tick() {
  local now
  now=$(date +%s)
  if [ $((now - PROGRESS_LAST)) -ge "${PROGRESS_EVERY:-30}" ] ||
    [ "$1" -ge "$PROGRESS_TOTAL" ]; then
    PROGRESS_LAST=$now
    progress_line "$1" "$PROGRESS_TOTAL" "$PROGRESS_START" "${2:-}"
  fi
}

# progress_watch TOTAL COMMAND...: in the background, every PROGRESS_EVERY
# seconds, runs COMMAND (which prints how many items are done) and prints a
# line; prints the watcher's pid, for kill.
progress_watch() {
  local total=$1
  shift
  local start
  start=$(date +%s)
  (
    trap 'exit 0' TERM
    while sleep "${PROGRESS_EVERY:-30}"; do
      n=$("$@" 2>/dev/null | head -1)
      progress_line "${n:-0}" "$total" "$start"
    done
  ) >/dev/null &
  echo $!
}
