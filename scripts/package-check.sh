#!/usr/bin/env bash
# Checks an installed photopick package on a bare system: run by `scripts/distro-check.sh
# RELEASE install DEB` inside a fresh minimal chroot of RELEASE that has no Swift and no -dev
# packages. Usage (inside): package-check.sh DEB LIBRARY OUT
#   1. apt-get install ./DEB (with its Recommends: the portal and a backend to delegate to);
#   2. no binary needs a library that is missing or a Swift one; `photopick --version`;
#   3. `photopick list` and `photopick export` on LIBRARY, run from PATH in another folder;
#   4. the window under Xvfb, until its first screen of thumbnails is up: OUT/window.png;
#   5. `photopick portal enable`, then a FileChooser OpenFile request through the release's real
#      xdg-desktop-portal, answered by photopick (Space picks the first photo, Return hands it
#      back): OUT/portal.png; then `photopick portal disable` removes what enable wrote.
# The tools the checks themselves use (Xvfb, xdotool, ImageMagick's import, python3-gi) are
# installed after steps 1-3, so they cannot supply a library the package forgot.
set -euo pipefail
deb=$1 library=$2 out=$3
export DEBIAN_FRONTEND=noninteractive LC_ALL=C.UTF-8
step() { printf '\npackage-check: %s\n' "$*"; }
fail() { echo "package-check: FAILED: $*" >&2; exit 1; }

step "installing $(basename "$deb") into $(. /etc/os-release; echo "$PRETTY_NAME")"
apt-get update -qq
apt-get install -y -qq "$deb" >/tmp/apt.log 2>&1 || { tail -30 /tmp/apt.log; fail "apt-get install"; }
dpkg-query -W -f='installed ${Package} ${Version}, Installed-Size ${Installed-Size} KiB\n' photopick
! command -v swift >/dev/null || fail "this system has Swift; the check needs one without"
! dpkg-query -W -f='${Package}\n' | grep -- '-dev$' || fail "this system has -dev packages"

step "libraries"
for f in /usr/bin/photopick /usr/libexec/photopick-portal /usr/libexec/photopick/photopick-thumbnailer /usr/libexec/photopick/photopick-exporter; do
    [ -x "$f" ] || fail "$f is missing"
    deps=$(ldd "$f")
    ! grep -q 'not found' <<<"$deps" || { grep 'not found' <<<"$deps"; fail "$f needs a library that is not installed"; }
    ! grep -qi 'libswift\|libFoundation\|libdispatch' <<<"$deps" || fail "$f needs the Swift runtime"
done
echo "every binary's libraries are installed; none is Swift's"

step "photopick --version"
version=$(photopick --version)
echo "$version"
[ "$version" = "$(dpkg-query -W -f='${Version}' photopick)" ] || fail "--version says '$version'"

step "photopick list and export, from PATH, in another folder"
export HOME=/root XDG_CACHE_HOME=/tmp/cache XDG_CONFIG_HOME=/tmp/config
# The library is the user's Pictures folder: a portal request names no folder.
mkdir -p "$XDG_CONFIG_HOME" /tmp/videos
printf 'XDG_PICTURES_DIR="%s"\nXDG_VIDEOS_DIR="/tmp/videos"\n' "$library" > "$XDG_CONFIG_HOME/user-dirs.dirs"
cd /tmp
count=$(photopick list "$library" | wc -l)
photopick list "$library" | sed 's/^/  /'
[ "$count" -eq "$(find "$library" -type f | wc -l)" ] || fail "list printed $count lines"
mkdir -p /tmp/exported
photopick export --convert png --export-dir /tmp/exported "$library/red.jpg"
[ "$(head -c 4 /tmp/exported/red.png | od -An -tx1 | tr -d ' ')" = 89504e47 ] || fail "the export is not a PNG"
echo "exported through the export worker in /usr/libexec/photopick: $(ls /tmp/exported)"

step "installing the checks' own tools (Xvfb, xdotool, import, python3-gi)"
apt-get install -y -qq --no-install-recommends xvfb xauth xdotool imagemagick dbus-daemon dbus-bin python3-gi >/tmp/apt.log 2>&1 \
    || { tail -30 /tmp/apt.log; fail "installing the check tools"; }

export DISPLAY=:91
Xvfb "$DISPLAY" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
for _ in $(seq 200); do [ -e /tmp/.X11-unix/X91 ] && break; sleep 0.05; done
export GDK_BACKEND=x11 GSETTINGS_BACKEND=memory NO_AT_BRIDGE=1

# wait_for LOG SECONDS: until photopick's trace in LOG says its first screen of thumbnails is
# up and the folders are read (PHOTOPICK_TRACE=1).
wait_for() {
    for _ in $(seq $(($2 * 20))); do
        grep -q 'visible-thumbnails' "$1" 2>/dev/null && grep -q 'scan-finished' "$1" && return 0
        sleep 0.05
    done
    return 1
}
export PHOTOPICK_TRACE=1

step "the window"
dbus-run-session -- photopick "$library" >/dev/null 2>/tmp/window.log & pid=$!
wait_for /tmp/window.log 60 || { tail -20 /tmp/window.log; fail "the window never showed its first screen"; }
grep -q ' stylesheet /usr/share/photopick/photopick.css$' /tmp/window.log \
    || { grep ' stylesheet' /tmp/window.log; fail "the window is not styled with the installed stylesheet"; }
sleep 1  # for the person who looks at the picture: the frames after the first screen settle
import -window root "$out/window.png"
kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true
echo "window.png: the first screen of thumbnails"

step "a portal request through xdg-desktop-portal $(dpkg-query -W -f='${Version}' xdg-desktop-portal)"
# Inside the session: the example asks the portal as an application does; photopick's trace
# reaches the session's stderr through the backend, which logs what photopick prints.
cat > /tmp/portal-session.sh <<'SESSION'
set -euo pipefail
out=$1 log=$2
trap 'echo "portal session: line $LINENO failed: $BASH_COMMAND"' ERR
. /tmp/wait-for.sh
python3 /usr/share/doc/photopick/examples/ask_the_portal.py > /tmp/portal-answer 2>/tmp/portal-client.log & client=$!
wait_for "$log" 60 || { echo "photopick's window never showed its photos"; cat /tmp/portal-client.log; exit 1; }
# Its window, once X has it mapped (the trace may come a moment before).
window=
for _ in $(seq 200); do
    pid=$(pgrep -xn photopick) && window=$(xdotool search --onlyvisible --pid "$pid" 2>/dev/null | tail -1) || true
    [ -z "$window" ] || break
    sleep 0.05
done
[ -n "$window" ] || { echo "no visible window of photopick"; ps -eo pid,comm,args; exit 1; }
xdotool windowfocus --sync "$window"
xdotool key --clearmodifiers space
sleep 1  # the picture only: the pick's checkmark drawn
import -window root "$out/portal.png"
xdotool key --clearmodifiers Return
wait "$client"
SESSION
declare -f wait_for > /tmp/wait-for.sh
# photopick becomes the FileChooser the way a user makes it so: `photopick portal enable`, in a
# GNOME session whose own chooser would be xdg-desktop-portal-gtk's. 1.18 and later read the
# gnome-portals.conf it writes; 1.16 reads the desktops of the systemd drop-in it writes, which
# this session (no systemd here) gives the portal itself.
export XDG_CURRENT_DESKTOP=GNOME XDG_STATE_HOME=/tmp/state
photopick portal enable || fail "photopick portal enable"
dropin=$XDG_CONFIG_HOME/systemd/user/xdg-desktop-portal.service.d/photopick.conf
desktops=$XDG_CURRENT_DESKTOP
[ ! -e "$dropin" ] || desktops=$(sed -n 's/^Environment=XDG_CURRENT_DESKTOP=//p' "$dropin")
written=$( (ls "$dropin" "$XDG_CONFIG_HOME"/xdg-desktop-portal/*portals.conf 2>/dev/null || true) | head -1)
[ -n "$written" ] || fail "enable wrote no portal configuration"
echo "enable wrote $written"
XDG_CURRENT_DESKTOP=$desktops dbus-run-session -- bash /tmp/portal-session.sh "$out" /tmp/portal-session.log 2>/tmp/portal-session.log \
    || { tail -30 /tmp/portal-session.log; cat /tmp/portal-client.log 2>/dev/null; fail "the portal request"; }
answer=$(cat /tmp/portal-answer)
echo "the portal answered: $answer"
case $answer in "file://$library/"*) ;; *) fail "no photo of the library came back" ;; esac
[ "$(wc -l </tmp/portal-answer)" -eq 1 ] || fail "one photo was picked, not $(wc -l </tmp/portal-answer)"

step "photopick portal disable"
photopick portal disable || fail "photopick portal disable"
[ ! -e "$written" ] || fail "disable left $written"
echo "disable removed $written, which enable had made"

step "passed"
