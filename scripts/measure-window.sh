#!/usr/bin/env bash
# Times the picker window on a library under a private Xvfb: seconds from launch to each
# traced milestone, and peak memory (VmHWM). Usage: scripts/measure-window.sh BIN LIBRARY
set -euo pipefail
bin=$1 lib=$2
display=:$((100 + RANDOM % 100))
Xvfb "$display" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 & xvfb=$!
trap 'kill $xvfb 2>/dev/null || true' EXIT
for _ in $(seq 100); do [ -e "/tmp/.X11-unix/X${display#:}" ] && break; sleep 0.05; done
log=$(mktemp)
start=$(date +%s.%N)
DISPLAY=$display GDK_BACKEND=x11 GSK_RENDERER=cairo GSETTINGS_BACKEND=memory NO_AT_BRIDGE=1 PHOTOPICK_TRACE=1 \
  "$bin" "$lib" >/dev/null 2>"$log" & pid=$!
peak=0
for _ in $(seq 600); do
  kb=$(awk '/VmHWM/ {print $2}' /proc/$pid/status 2>/dev/null || echo 0)
  [ "${kb:-0}" -gt "$peak" ] && peak=$kb
  grep -qE "visible-thumbnails|first-screen-thumbnails" "$log" && grep -q scan-finished "$log" && break
  sleep 0.05
done
sleep 0.5
kb=$(awk '/VmHWM/ {print $2}' /proc/$pid/status 2>/dev/null || echo 0); [ "${kb:-0}" -gt "$peak" ] && peak=$kb
kill $pid 2>/dev/null || true
awk -v s="$start" '/^photopick-trace/ {printf "%-26s %6.2f s\n", $3, $2 - s}' "$log"
echo "peak memory (VmHWM)        $((peak / 1024)) MB"
rm -f "$log"
