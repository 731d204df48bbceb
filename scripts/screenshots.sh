#!/usr/bin/env bash
# Screenshots of the picker on a generated library, under a private Xvfb:
#   main.png         the grid grouped by day, three photos picked (tray and summary below);
#                    a Live Photo and a RAW+JPEG among them show their badges
#   preview.png      the large preview of a photo
#   max-reached.png  --max 3 after picking 3
#   empty.png        an empty folder
#   unreadable.png   a folder the user may not read (the picker runs as `nobody`)
# The adaptive layout: the grid grouped by day, three photos picked, at a phone's, a laptop's
# and a large screen's width, light and dark (libadwaita's style, ADW_DEBUG_COLOR_SCHEME), and
# in German:
#   main-360-light.png, main-360-dark.png    360×720: the sidebar folded away
#   main-360-sidebar-light.png               360×720 with the sidebar slid out (F9)
#   main-800-light.png, main-800-dark.png    800×600
#   main-1600-light.png, main-1600-dark.png  1600×1000
#   main-800-de.png, main-360-de.png         in German (po/de.po, compiled here)
# Export (--convert jpeg --export-choice), three photos picked:
#   export-choice-360-dark.png   the size drop-down, Keep location and the estimated total
#   export-progress-800-light.png  after Done: the progress card over the dimmed window
# A first run (first-run.png), dark through GTK_THEME (main-800-dark-gtk-theme.png), and the
# Keyboard Shortcuts window (shortcuts.png).
# Every scene runs in English unless it asks for German, whatever the caller's locale.
# Usage: scripts/screenshots.sh OUTDIR   (PHOTOPICK_BIN names the binary to run)
set -euo pipefail
out=${1:-data/screenshots}
repo=$(cd "$(dirname "$0")/.." && pwd)
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
# Pairs, one tile each with its badge: a Live Photo (the still and a same-stem movie, paired by
# name as when neither carries Apple's identifier) and a RAW+JPEG (an ORF, its magic by hand:
# no Debian tool writes a RAW file; it is never decoded, its JPEG is the tile).
if command -v ffmpeg >/dev/null; then
  ffmpeg -v error -y -f lavfi -i testsrc=duration=2:size=480x360:rate=10 -c:v mpeg4 -f mov \
    "$lib/2024/Lake Trip/IMG_20240501_110000.MOV"
fi
{ printf 'IIRO\x08\x00\x00\x00'; head -c 2048 /dev/zero; } > "$lib/2024/Lake Trip/IMG_20240502_120000.ORF"
# One file that claims to be a photo but cannot be decoded: the grid shows it as broken.
printf '\xff\xd8\xff\xe0 this is not really a JPEG' > "$lib/Wallpapers/damaged.jpg"
touch -d "2024-05-06 09:00" "$lib/Wallpapers/damaged.jpg"
chmod -R a+rX "$lib"

# The German catalogue, where PHOTOPICK_LOCALEDIR points the German scenes.
mkdir -p "$work/locale/de/LC_MESSAGES"
msgfmt --check -o "$work/locale/de/LC_MESSAGES/photopick.mo" "$repo/po/de.po"

display=:$((100 + RANDOM % 100))
Xvfb "$display" -screen 0 1920x1200x24 -nolisten tcp >/dev/null 2>&1 & xvfb_pid=$!
for _ in $(seq 100); do [ -e "/tmp/.X11-unix/X${display#:}" ] && break; sleep 0.05; done
export DISPLAY=$display GDK_BACKEND=x11 GSK_RENDERER=cairo GSETTINGS_BACKEND=memory NO_AT_BRIDGE=1
# Each scene starts from fresh settings and caches, not from the previous scene or yours.
fresh_home() { local h; h=$(mktemp -d "$work/home-XXXXXX"); chmod 755 "$h"; echo "$h"; }

# Starts the picker with the arguments after `--`, waits until its window shows the scanned
# library, and focuses it. Before `--`:
#   --size WxH   the window's size, as the settings file of a user who left it so would give it
#   --dark       libadwaita's dark style, as a desktop preferring dark would ask for it
#   --de         in German
#   --as-nobody  as the unprivileged user `nobody` (needs root and setpriv)
#   --hold-export  an export after Done waits a minute before it starts (its progress shows)
#   --first-run  a home without ~/Pictures or ~/Videos (give no folders after `--`)
#   --gtk-theme-dark  dark asked as some users ask for it: GTK_THEME=Adwaita:dark
# --no-copy: with stdout on /dev/null the accept button would otherwise become Copy.
start() {
  local home size= prefix=() scene_env=(LANG=C.UTF-8 LANGUAGE=) scene_home=$user_home
  while [ $# -gt 0 ] && [ "$1" != -- ]; do
    case $1 in
      --size) size=$2; shift ;;
      --dark) scene_env+=(ADW_DEBUG_COLOR_SCHEME=prefer-dark) ;;
      --de) scene_env+=(LANG=de_DE.UTF-8 LANGUAGE=de PHOTOPICK_LOCALEDIR="$work/locale") ;;
      --as-nobody) prefix=(setpriv --reuid=nobody --regid=nogroup --clear-groups) ;;
      --hold-export) scene_env+=(PHOTOPICK_TEST_EXPORT_DELAY_MS=60000) ;;
      --first-run) scene_home=$(fresh_home) ;;
      --gtk-theme-dark) scene_env+=(GTK_THEME=Adwaita:dark) ;;
      *) echo "start: unknown option $1" >&2; exit 2 ;;
    esac
    shift
  done
  shift
  home=$(fresh_home)
  if [ -n "$size" ]; then
    mkdir -p "$home/.config/photopick"
    printf '{"version": 1, "window": {"width": %d, "height": %d, "maximized": false}}\n' \
      "${size%x*}" "${size#*x}" > "$home/.config/photopick/settings.json"
  fi
  [ ${#prefix[@]} -gt 0 ] && chown -R nobody "$home"
  env -u LC_ALL -u LC_MESSAGES -u LC_TIME HOME="$scene_home" XDG_CONFIG_HOME="$home/.config" XDG_CACHE_HOME="$home/.cache" \
    PHOTOPICK_READY_FILE="$home/ready" PHOTOPICK_DATADIR="$repo/data" "${scene_env[@]}" \
    ${prefix[@]+"${prefix[@]}"} "$bin" --no-copy "$@" >/dev/null 2>&1 & picker_pid=$!
  for _ in $(seq 300); do [ -e "$home/ready" ] && break; sleep 0.05; done
  wid=$(xdotool search --sync --onlyvisible --pid "$picker_pid" | tail -1)
  xdotool windowfocus --sync "$wid"
  xdotool mousemove 1919 1199   # outside every window: no tile shows its hover ring
  sleep 0.3
}

stop() {
  kill "$picker_pid" 2>/dev/null || true
  wait "$picker_pid" 2>/dev/null || true
  picker_pid=
}

# Writes the window as OUTDIR/NAME, without metadata (the files are committed: no dates
# that change every run) and as small as lossless compression makes it.
shot() {
  sleep "${2:-1.5}"   # let thumbnails arrive
  import -window "$wid" -strip -define png:compression-level=9 -define png:exclude-chunks=date,time "$out/$1"
  echo "wrote $out/$1 ($(identify -format %wx%h "$out/$1"))"
}

# Three photos picked, so the tray and the summary show too: main.png's choice, and the first
# row's three (photos at every width, where main.png's Down lands on the damaged file when
# the grid has three columns).
pick_three() { xdotool key space Right Right space Down space; }
pick_first_row() { xdotool key space Right space Right space; }

# main.png: grouped by day, three picked; preview.png: the large view of the focused photo.
start -- --group day "$lib"
pick_three
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
  start --as-nobody -- "$user_home/Private Photos"
  shot unreadable.png 0.5
  stop
else
  echo "skipped unreadable.png: needs root and setpriv to run the picker as nobody" >&2
fi

# The adaptive layout: the grid grouped by day at three widths, light and dark.
for size in 360x720 800x600 1600x1000; do
  for look in light dark; do
    style=(); [ "$look" = dark ] && style=(--dark)
    start --size "$size" ${style[@]+"${style[@]}"} -- --group day "$lib"
    pick_first_row
    shot "main-${size%x*}-$look.png" 2
    if [ "$size" = 360x720 ] && [ "$look" = light ]; then
      xdotool key F9   # the folded sidebar, slid out over the grid
      shot "main-360-sidebar-$look.png" 1
    fi
    stop
  done
done

# In German: the laptop's width, and the narrowest, where long words run out of room first.
for size in 800x600 360x720; do
  start --size "$size" --de -- --group day "$lib"
  pick_first_row
  shot "main-${size%x*}-de.png" 2
  stop
done

# first-run.png: no ~/Pictures, no folders asked for: a welcome, not an error.
start --size 800x600 --first-run --
shot first-run.png 0.5
stop

# Dark asked through GTK_THEME looks as dark through the desktop does (main-800-dark.png).
start --size 800x600 --gtk-theme-dark -- --group day "$lib"
pick_first_row
shot main-800-dark-gtk-theme.png 2
stop

# shortcuts.png: the Keyboard Shortcuts window (Ctrl+?) over a 1024 × 720 window.
start --size 1024x720 -- "$lib"
xdotool key ctrl+question
sleep 1
shortcuts=$(xdotool search --sync --onlyvisible --name "Keyboard Shortcuts" | tail -1)
import -window "$shortcuts" -strip -define png:compression-level=9 -define png:exclude-chunks=date,time "$out/shortcuts.png"
echo "wrote $out/shortcuts.png ($(identify -format %wx%h "$out/shortcuts.png"))"
stop

# Export: choosing the size in the window (narrowest width, dark), and the progress after Done.
start --size 360x720 --dark -- --group day --convert jpeg --export-choice --export-dir "$work/exports" "$lib"
pick_first_row
shot export-choice-360-dark.png 2
stop
start --size 800x600 --hold-export -- --group day --convert jpeg --max-size 1024 --export-dir "$work/exports" "$lib"
pick_first_row
xdotool key ctrl+Return
shot export-progress-800-light.png 1.5
stop
