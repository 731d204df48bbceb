#!/usr/bin/env bash
# Screenshots of the picker on a generated library, under a private Xvfb:
#   main.png         the grid grouped by day, three photos picked (tray and summary below)
#   preview.png      the large preview of a photo
#   max-reached.png  --max 3 after picking 3
#   empty.png        an empty folder
#   unreadable.png   a folder the user may not read (the picker runs as `nobody`)
# Usage: scripts/screenshots.sh OUTDIR   (PHOTOPICK_BIN names the binary to run)
set -euo pipefail
out=${1:-data/screenshots}
bin=${PHOTOPICK_BIN:-$(swift build -c release --show-bin-path)/photopick}
mkdir -p "$out"
work=$(mktemp -d /tmp/photopick-shots-XXXXXX)
chmod 755 "$work"  # the unreadable scene runs the picker as another user
picker_pid=
trap 'kill "${xvfb_pid:-}" $picker_pid 2>/dev/null || true; chmod -R u+rwx "$work" 2>/dev/null; rm -rf "$work"' EXIT

# A small library of colourful, deterministic "photos", large enough to preview, in a
# home folder of its own (so the window shows "~/Pictures", as it would for a user).
user_home=$work/home
mkdir -p "$user_home" && chmod 755 "$user_home"
lib=$user_home/Pictures
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
    hour=$((10 + i % 10))
    f="$lib/$album/IMG_2024050${n}_${hour}0000.jpg"
    convert -size 480x360 "gradient:$sky-#fdf6e3" \
      -fill '#fff2b3' -draw "circle $sx,$sy $((sx + 22)),$sy" \
      -fill "$hill" -draw "polygon 0,360 0,$((220 + i * 7 % 60)) 110,$((170 + i * 11 % 70)) 230,$((250 - i * 3 % 40)) 340,$((160 + i * 13 % 50)) 480,$((230 + i % 30)) 480,360" \
      -fill '#00000040' -draw "polygon 0,360 0,300 160,270 300,320 480,280 480,360" \
      -resize 1600x1200 -quality 90 "$f"
    touch -d "2024-05-0$n $hour:00" "$f"
  done
done
for n in 1 2; do
  f="$lib/Screenshots/Screenshot from 2024-05-0$n 09-30-00.png"
  convert -size 640x400 gradient:'#3584e4'-'#f6f5f4' "$f"
  touch -d "2024-05-0$n 09:30" "$f"   # as the name says, so the first listing is already in order
done
# One file that claims to be a photo but cannot be decoded: the grid shows it as broken.
printf '\xff\xd8\xff\xe0 this is not really a JPEG' > "$lib/Wallpapers/damaged.jpg"
touch -d "2024-05-06 09:00" "$lib/Wallpapers/damaged.jpg"
chmod -R a+rX "$lib"

display=:$((100 + RANDOM % 100))
Xvfb "$display" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 & xvfb_pid=$!
for _ in $(seq 100); do [ -e "/tmp/.X11-unix/X${display#:}" ] && break; sleep 0.05; done
export DISPLAY=$display GDK_BACKEND=x11 GSK_RENDERER=cairo GSETTINGS_BACKEND=memory NO_AT_BRIDGE=1
# Each scene starts from fresh settings and caches, not from the previous scene or yours.
fresh_home() { local h; h=$(mktemp -d "$work/home-XXXXXX"); chmod 755 "$h"; echo "$h"; }

# Starts the picker (after `--` in "$@", an optional command prefix before it), waits until
# its window shows the scanned library, and focuses it. --no-copy: with stdout on /dev/null
# the accept button would otherwise become Copy.
start() {
  local prefix=() home
  while [ $# -gt 0 ] && [ "$1" != -- ]; do prefix+=("$1"); shift; done
  shift
  home=$(fresh_home)
  [ ${#prefix[@]} -gt 0 ] && chown -R nobody "$home"
  rm -f "$work/ready"
  env HOME="$user_home" XDG_CONFIG_HOME="$home/.config" XDG_CACHE_HOME="$home/.cache" PHOTOPICK_READY_FILE="$work/ready" \
    ${prefix[@]+"${prefix[@]}"} "$bin" --no-copy "$@" >/dev/null 2>&1 & picker_pid=$!
  for _ in $(seq 300); do [ -e "$work/ready" ] && break; sleep 0.05; done
  wid=$(xdotool search --sync --onlyvisible --pid "$picker_pid" | tail -1)
  xdotool windowfocus --sync "$wid"
  sleep 0.3
}

stop() {
  kill "$picker_pid" 2>/dev/null || true
  wait "$picker_pid" 2>/dev/null || true
  picker_pid=
}

shot() {
  sleep "${2:-1.5}"   # let thumbnails arrive
  import -window "$wid" "$out/$1"
  echo "wrote $out/$1"
}

# main.png: grouped by day, three picked; preview.png: the large view of the focused photo.
start -- --group day "$lib"
xdotool key space Right Right space Down space
shot main.png
xdotool key alt+Return
shot preview.png 2
stop

# max-reached.png: a limit of three, reached.
start -- --max 3 "$lib"
xdotool key space Right space Right space Right space
shot max-reached.png
stop

# empty.png: a folder with nothing in it.
mkdir -p "$user_home/Downloads/Camera"
start -- "$user_home/Downloads/Camera"
shot empty.png 0.5
stop

# unreadable.png: a folder the user may not open, as an unprivileged user would meet it.
mkdir -p "$user_home/Private Photos" && chmod 000 "$user_home/Private Photos"
if command -v setpriv >/dev/null && [ "$(id -u)" = 0 ]; then
  start setpriv --reuid=nobody --regid=nogroup --clear-groups -- "$user_home/Private Photos"
  shot unreadable.png 0.5
  stop
else
  echo "skipped unreadable.png: needs root and setpriv to run the picker as nobody" >&2
fi
