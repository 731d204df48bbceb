#!/usr/bin/env bash
# Screenshots of the picker on a generated library, under a private Xvfb.
# Usage: scripts/screenshots.sh OUTDIR   (PHOTOPICK_BIN names the binary to run)
set -euo pipefail
out=${1:-data/screenshots}
bin=${PHOTOPICK_BIN:-$(swift build -c release --show-bin-path)/photopick}
mkdir -p "$out"
work=$(mktemp -d /tmp/photopick-shots-XXXXXX)
trap 'kill "${xvfb_pid:-}" "${picker_pid:-}" 2>/dev/null || true; rm -rf "$work"' EXIT

# A small library of colourful, deterministic "photos".
lib=$work/Pictures
mkdir -p "$lib/2024/Lake Trip" "$lib/2024/Birthday" "$lib/Screenshots" "$lib/Wallpapers"
# Landscapes: a sky, a sun and hills in colours that vary per picture.
skies=('#6fa8dc' '#f6b26b' '#8e7cc3' '#76a5af' '#e06666' '#93c47d')
hills=('#38761d' '#274e13' '#783f04' '#134f5c' '#20124d' '#7f6000')
i=0
for album in "2024/Lake Trip" "2024/Birthday" "Wallpapers"; do
  for n in 1 2 3 4 5 6; do
    i=$((i + 1))
    sky=${skies[$((i % 6))]} hill=${hills[$(((i * 5) % 6))]}
    sx=$((60 + (i * 53) % 360)) sy=$((50 + (i * 29) % 90))
    f="$lib/$album/IMG_2024050${n}_1${i}00.jpg"
    convert -size 480x360 "gradient:$sky-#fdf6e3" \
      -fill '#fff2b3' -draw "circle $sx,$sy $((sx + 22)),$sy" \
      -fill "$hill" -draw "polygon 0,360 0,$((220 + i * 7 % 60)) 110,$((170 + i * 11 % 70)) 230,$((250 - i * 3 % 40)) 340,$((160 + i * 13 % 50)) 480,$((230 + i % 30)) 480,360" \
      -fill '#00000040' -draw "polygon 0,360 0,300 160,270 300,320 480,280 480,360" "$f"
    touch -d "2024-05-0$n 1$((i % 10)):00" "$f"
  done
done
for n in 1 2; do convert -size 640x400 gradient:'#3584e4'-'#f6f5f4' "$lib/Screenshots/Screenshot from 2024-05-0$n.png"; done

display=:$((100 + RANDOM % 100))
Xvfb "$display" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 & xvfb_pid=$!
for _ in $(seq 100); do [ -e "/tmp/.X11-unix/X${display#:}" ] && break; sleep 0.05; done
export DISPLAY=$display GDK_BACKEND=x11 GSK_RENDERER=cairo GSETTINGS_BACKEND=memory NO_AT_BRIDGE=1

ready=$work/ready
PHOTOPICK_READY_FILE=$ready "$bin" "$lib" >/dev/null 2>&1 & picker_pid=$!
for _ in $(seq 200); do [ -e "$ready" ] && break; sleep 0.05; done
wid=$(xdotool search --sync --onlyvisible --pid "$picker_pid" | tail -1)
xdotool windowfocus --sync "$wid"
xdotool key space Right Right space Down space
sleep 1.5   # let thumbnails arrive
import -window "$wid" "$out/main.png"
echo "wrote $out/main.png"
