#!/usr/bin/env bash
# Records what real clients send to xdg-desktop-portal's FileChooser.OpenFile when asked for a
# file, and saves each request as a fixture the portal tests replay:
#   Tests/PhotoPickPortalTests/Fixtures/<case>.options      the client's a{sv} options, GVariant
#                                                            text (handle_token dropped), one line
#   Tests/PhotoPickPortalTests/Fixtures/<case>.title        the title it sent (no newline)
#   Tests/PhotoPickPortalTests/Fixtures/<case>.parent       its parent_window (may be empty)
#   Tests/PhotoPickPortalTests/Fixtures/<case>.monitor.txt  dbus-monitor's text of the two calls:
#       client -> org.freedesktop.portal.FileChooser.OpenFile and
#       xdg-desktop-portal -> org.freedesktop.impl.portal.FileChooser.OpenFile (to the gtk backend)
# Cases: firefox-image-any firefox-jpeg-png chromium-image-any gtk4-pixbuf-formats firefox-pdf
# (a web page whose whole area is a label around an <input type=file accept=...>, clicked with
# xdotool; a GTK 4 GtkFileChooserNative with add_pixbuf_formats(), see Clients/).
#
# Usage: scripts/record-portal-requests.sh [CASE...]     (default: all; installs nothing)
# Needs (Debian 12): firefox-esr chromium xvfb xauth xdotool dbus-daemon dbus-bin
#   xdg-desktop-portal xdg-desktop-portal-gtk python3-gi gir1.2-gtk-4.0, imagemagick (screenshots)
# Everything runs on a private Xvfb display and a private session bus (dbus-run-session); the
# gtk backend is picked with XDG_CURRENT_DESKTOP=GNOME (gtk.portal: UseIn=gnome). Each dialog the
# backend shows is screenshotted into $WORK and closed with Escape. $WORK keeps the raw logs.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
fixtures=${FIXTURES:-$repo/Tests/PhotoPickPortalTests/Fixtures}
clients=$repo/Tests/PhotoPickPortalTests/Clients
python=${PYTHON:-/usr/bin/python3}  # the one with Debian's python3-gi
cases_all="firefox-image-any firefox-jpeg-png chromium-image-any gtk4-pixbuf-formats firefox-pdf"
# Chromium needs no flag: at start it reads org.freedesktop.portal.FileChooser's "version" (3 with
# xdg-desktop-portal 1.16) and uses the portal when it is there. Extra flags go here.
chromium_flags=${CHROMIUM_FLAGS:-}

if [ "${1:-}" != --inner ]; then
  export WORK=${WORK:-$(mktemp -d /tmp/record-portal.XXXXXX)} DISPLAY=${RECORD_DISPLAY:-:77}
  Xvfb "$DISPLAY" -screen 0 1280x900x24 -nolisten tcp >"$WORK/xvfb.log" 2>&1 &
  xvfb=$!
  trap 'kill $xvfb 2>/dev/null || true' EXIT
  for _ in $(seq 100); do xdotool getdisplaygeometry >/dev/null 2>&1 && break; sleep 0.1; done
  # The private bus's activated services (the gtk backend) inherit this environment.
  export XDG_CURRENT_DESKTOP=GNOME NO_AT_BRIDGE=1 GTK_A11Y=none LANG=C.UTF-8 LC_ALL=C.UTF-8
  [ $# -gt 0 ] || set -- $cases_all
  dbus-run-session -- bash "$0" --inner "$@"
  echo "raw logs and screenshots: $WORK"
  exit
fi
shift
mkdir -p "$fixtures"

wait_name() {  # wait_name NAME: until NAME has an owner on the bus
  for _ in $(seq 200); do
    dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
      org.freedesktop.DBus.NameHasOwner "string:$1" 2>/dev/null | grep -q 'boolean true' && return 0
    sleep 0.1
  done
  echo "$1 never appeared" >&2; return 1
}
/usr/libexec/xdg-desktop-portal >"$WORK/xdg-desktop-portal.log" 2>&1 &
portal=$!
trap 'kill $portal 2>/dev/null || true' EXIT
wait_name org.freedesktop.portal.Desktop

page() {  # page ACCEPT [multiple]: a page that is one big file input (the label forwards clicks)
  local f=$WORK/page-$RANDOM.html
  printf '<!doctype html><title>pick</title><body style="margin:0">
<label style="position:fixed;inset:0;display:block;background:#cde;font:40px sans-serif">Click to choose
<input id=f type=file accept="%s" %s style="font-size:40px"></label>\n' "$1" "${2:-}" >"$f"
  echo "file://$f"
}

firefox_profile() {  # a fresh profile that uses the portal and skips first-run pages
  local d; d=$(mktemp -d "$WORK/ff.XXXXXX")
  cat >"$d/user.js" <<'EOF'
user_pref("widget.use-xdg-desktop-portal.file-picker", 1);
user_pref("browser.shell.checkDefaultBrowser", false);
user_pref("browser.aboutwelcome.enabled", false);
user_pref("trailhead.firstrun.didSeeAboutWelcome", true);
user_pref("browser.startup.homepage_override.mstone", "ignore");
user_pref("startup.homepage_welcome_url", "");
user_pref("datareporting.policy.dataSubmissionEnabled", false);
user_pref("datareporting.healthreport.uploadEnabled", false);
user_pref("toolkit.telemetry.reportingpolicy.firstRun", false);
user_pref("browser.safebrowsing.malware.enabled", false);
user_pref("browser.safebrowsing.phishing.enabled", false);
user_pref("browser.safebrowsing.downloads.enabled", false);
user_pref("network.captive-portal-service.enabled", false);
user_pref("network.connectivity-service.enabled", false);
user_pref("extensions.update.enabled", false);
user_pref("app.update.auto", false);
EOF
  echo "$d"
}

record() {  # record CASE CLICK(yes|no) COMMAND...: run the client until both calls were seen
  local name=$1 click=$2; shift 2
  local match1="type='method_call',interface='org.freedesktop.portal.FileChooser'"
  local match2="type='method_call',interface='org.freedesktop.impl.portal.FileChooser'"
  dbus-monitor --session "$match1" "$match2" >"$WORK/$name.txt" 2>&1 & local mon=$!
  dbus-monitor --session --pcap "$match1" "$match2" >"$WORK/$name.pcap" 2>/dev/null & local pcap=$!
  dbus-monitor --session >"$WORK/$name.all.txt" 2>&1 & local all=$!   # everything, to debug
  sleep 0.5
  setsid "$@" >"$WORK/$name.client.log" 2>&1 & local client=$!
  local seen=0
  for i in $(seq 90); do
    sleep 1
    seen=$(grep -c 'member=OpenFile' "$WORK/$name.txt" || true)
    [ "$seen" -ge 2 ] && break
    if [ "$click" = yes ] && [ "$seen" = 0 ] && [ $((i % 4)) = 0 ]; then  # a real click in the middle of the screen
      xdotool mousemove 640 450 click 1 2>/dev/null || true
    fi
  done
  sleep 2  # let the backend's dialog map
  import -window root "$WORK/$name.png" 2>/dev/null || true
  local dialog backend  # the gtk backend's windows: its dialog
  backend=$(dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
    org.freedesktop.DBus.GetConnectionUnixProcessID string:org.freedesktop.impl.portal.desktop.gtk 2>/dev/null | awk '/uint32/ {print $2}')
  for dialog in $(xdotool search --onlyvisible --pid "${backend:-0}" 2>/dev/null); do
    xdotool windowfocus --sync "$dialog" key Escape 2>/dev/null || true
  done
  sleep 1
  kill -- -"$client" 2>/dev/null || true
  sleep 1
  kill -9 -- -"$client" 2>/dev/null || true
  kill $mon $pcap $all 2>/dev/null || true
  wait $mon $pcap $all 2>/dev/null || true
  echo "$name: $seen OpenFile calls seen"
}

for c in "$@"; do
  case $c in
    firefox-image-any) record "$c" yes firefox-esr --no-remote --profile "$(firefox_profile)" "$(page 'image/*')" ;;
    firefox-jpeg-png) record "$c" yes firefox-esr --no-remote --profile "$(firefox_profile)" "$(page 'image/jpeg,image/png' multiple)" ;;
    firefox-pdf) record "$c" yes firefox-esr --no-remote --profile "$(firefox_profile)" "$(page '.pdf,application/pdf')" ;;
    chromium-image-any) record "$c" yes chromium --no-sandbox --user-data-dir="$(mktemp -d "$WORK/cr.XXXXXX")" \
        --no-first-run --no-default-browser-check --disable-background-networking --disable-component-update \
        --disable-sync --password-store=basic --window-position=0,0 --window-size=1280,900 $chromium_flags "$(page 'image/*')" ;;
    gtk4-pixbuf-formats) GDK_DEBUG=portals record "$c" no "$python" "$clients/gtk4_chooser.py" --pixbuf-formats ;;
    *) echo "unknown case $c" >&2; exit 2 ;;
  esac
done

# Turn each case's pcap into the fixtures, and check that each .options parses back equal.
"$python" - "$WORK" "$fixtures" "$@" <<'EOF'
import struct, sys
from gi.repository import Gio, GLib
work, fixtures, cases = sys.argv[1], sys.argv[2], sys.argv[3:]

def messages(path):
    data = open(path, "rb").read()
    if len(data) < 24:
        return
    endian = "<" if data[:4] == b"\xd4\xc3\xb2\xa1" else ">"
    pos = 24
    while pos + 16 <= len(data):
        _, _, incl, _ = struct.unpack(endian + "IIII", data[pos:pos + 16])
        yield Gio.DBusMessage.new_from_blob(data[pos + 16:pos + 16 + incl], Gio.DBusCapabilityFlags.UNIX_FD_PASSING)
        pos += 16 + incl

for case in cases:
    calls = {m.get_interface(): m for m in messages("%s/%s.pcap" % (work, case))
             if m.get_message_type() == Gio.DBusMessageType.METHOD_CALL and m.get_member() == "OpenFile"}
    client = calls.get("org.freedesktop.portal.FileChooser")
    if client is None:
        print("%s: NOT RECORDED (no OpenFile call from the client)" % case)
        continue
    body = client.get_body()  # (parent_window s, title s, options a{sv})
    parent, title, options = body.get_child_value(0).get_string(), body.get_child_value(1).get_string(), body.get_child_value(2)
    entries = [options.get_child_value(i) for i in range(options.n_children())]
    kept = GLib.Variant.new_array(GLib.VariantType("{sv}"),
                                  [e for e in entries if e.get_child_value(0).get_string() != "handle_token"])
    text = kept.print_(True)
    back = GLib.Variant.parse(None, text, None, None)
    assert back.get_type_string() == "a{sv}" and back.equal(kept), case
    with open("%s/%s.options" % (fixtures, case), "w") as f:
        f.write(text + "\n")
    for ext, value in (("title", title), ("parent", parent)):
        with open("%s/%s.%s" % (fixtures, case, ext), "w") as f:
            f.write(value)
    # dbus-monitor's text of the two calls: blocks whose first line is an OpenFile method call.
    blocks, keep = [], False
    for line in open("%s/%s.txt" % (work, case)):
        if not line.startswith(" "):
            keep = line.startswith("method call") and "member=OpenFile" in line
        if keep:
            blocks.append(line)
    with open("%s/%s.monitor.txt" % (fixtures, case), "w") as f:
        f.writelines(blocks)
    impl = "forwarded to the backend" if "org.freedesktop.impl.portal.FileChooser" in calls else "NOT forwarded"
    print("%s: title=%r parent=%r, %s" % (case, title, parent, impl))
EOF
