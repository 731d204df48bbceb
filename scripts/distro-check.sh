#!/usr/bin/env bash
# Builds and tests photopick on another Debian release, in a minimal chroot of it.
#
#   scripts/distro-check.sh RELEASE [test]       make test inside a RELEASE chroot (trixie, bookworm)
#   scripts/distro-check.sh RELEASE deb          make deb inside it; the package lands in dist/RELEASE/
#   scripts/distro-check.sh RELEASE install DEB  install DEB into a fresh RELEASE chroot with no Swift
#                                                and no -dev packages, and check it (scripts/package-check.sh)
#   scripts/distro-check.sh RELEASE run CMD…     any command in the build chroot, in the source tree
#
# DISTRO_TREE names the source tree's folder inside the chroot (default photopick): two work
# trees checked at once each keep their own copy and build folder.
#
# The chroots are made with debootstrap (minbase) once and cached under DISTRO_CACHE
# (/var/cache/photopick-distro): RELEASE-base is the bare system, RELEASE-build has what the
# Swift toolchain needs and keeps its build folder between runs. The toolchain is the one on
# this machine's PATH, bind-mounted read-only. The source tree is copied in (tracked and new
# files, as in the work tree now), and ../shared is bound read-only beside it.
#
# Each run enters a private mount namespace and pivots into the chroot, so the mounts vanish
# with it and programs that make their own namespaces (bubblewrap, which Debian 13's GNOME
# thumbnailer uses) work inside as on a real system. Needs root (sudo is used when not root).
set -euo pipefail

release=${1:?usage: scripts/distro-check.sh RELEASE [test|deb|install DEB|run CMD…]}
action=${2:-test}
case $release in bookworm|trixie|forky|sid) ;; *) echo "distro-check: unknown release '$release'" >&2; exit 2 ;; esac
[ "$(id -u)" = 0 ] || exec sudo -E "$0" "$@"

here=$(cd "$(dirname "$0")/.." && pwd)
cache=${DISTRO_CACHE:-/var/cache/photopick-distro}
mirror=${DISTRO_MIRROR:-http://deb.debian.org/debian}
base=$cache/$release-base
build=$cache/$release-build
tree=${DISTRO_TREE:-photopick}
case $tree in ''|*/*|.*|shared) echo "distro-check: DISTRO_TREE must be a plain folder name" >&2; exit 2 ;; esac

# What the Swift toolchain needs on a bare system (found by trying on trixie and bookworm).
toolchain_packages() {
    local pkgs="make git ca-certificates build-essential binutils libxml2 libedit2 python3 pkg-config tzdata zlib1g-dev"
    case $release in
        bookworm) pkgs+=" libcurl4 libncurses6 libz3-4 libpython3.11 libstdc++-12-dev" ;;
        *) pkgs+=" libcurl4t64 libncurses6 libz3-4 libpython3.13 libstdc++-14-dev" ;;
    esac
    echo "$pkgs"
}

need() { command -v "$1" >/dev/null || { echo "distro-check: installing $2"; apt-get install -y -qq "$2" >/dev/null; }; }

# in ROOT CMD…: run CMD inside ROOT as its own system: private mounts, pivot_root, a clean environment.
in_root() {
    local root=$1; shift
    unshare --mount --propagation private -- /bin/bash -s "$root" "$@" <<'INSIDE'
set -euo pipefail
root=$1; shift
mount --bind "$root" "$root"
mount -t proc proc "$root/proc"
mount --rbind /sys "$root/sys"
mount --rbind /dev "$root/dev"
mount -t tmpfs -o mode=1777 tmpfs "$root/tmp"
mount -t tmpfs -o mode=755 tmpfs "$root/run"
mkdir -p "$root/run/user/0" && chmod 700 "$root/run/user/0"
if [ -n "${SWIFT_ROOT:-}" ]; then
    mkdir -p "$root/opt/swift" && mount --bind "$SWIFT_ROOT" "$root/opt/swift" && mount -o remount,bind,ro "$root/opt/swift"
fi
if [ -n "${SHARED_DIR:-}" ] && [ -d "$SHARED_DIR" ]; then
    mkdir -p "$root/src/shared" && mount --bind "$SHARED_DIR" "$root/src/shared" && mount -o remount,bind,ro "$root/src/shared"
fi
if [ -n "${EXTRA_BIND:-}" ]; then mkdir -p "$root/mnt/extra" && mount --bind "$EXTRA_BIND" "$root/mnt/extra"; fi
cp /etc/resolv.conf "$root/etc/resolv.conf"
cd "$root"
mkdir -p .oldroot
pivot_root . .oldroot
cd /
umount -l /.oldroot
exec /usr/bin/env -i HOME=/root USER=root LOGNAME=root TERM="${TERM:-dumb}" LANG=C.UTF-8 CI="${CI:-}" \
    XDG_RUNTIME_DIR=/run/user/0 \
    PATH=/opt/swift/usr/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin "$@"
INSIDE
}

# The bare system, made once; a half-made one is never left under the name.
make_base() {
    [ -e "$base/.complete" ] && return
    need debootstrap debootstrap
    echo "distro-check: making a minimal $release system in $base (about a minute)"
    rm -rf "$base.partial" && mkdir -p "$cache"
    debootstrap --variant=minbase "$release" "$base.partial" "$mirror" >/dev/null
    touch "$base.partial/.complete"
    rm -rf "$base" && mv "$base.partial" "$base"
}

make_build() {
    make_base
    [ -e "$build/.complete" ] && return
    echo "distro-check: adding what the Swift toolchain needs to a copy of it ($build)"
    rm -rf "$build.partial" && cp -a "$base" "$build.partial" && rm -f "$build.partial/.complete"
    in_root "$build.partial" /bin/sh -c "apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
        apt-get install -y -qq --no-install-recommends $(toolchain_packages) >/dev/null"
    touch "$build.partial/.complete"
    rm -rf "$build" && mv "$build.partial" "$build"
}

# The work tree as it is now (tracked and untracked-but-not-ignored files) into ROOT/src/photopick,
# keeping the chroot's own .build between runs.
copy_source() {
    local dest=$1/src/$tree
    mkdir -p "$dest"
    find "$dest" -mindepth 1 -maxdepth 1 ! -name .build -exec rm -rf {} +
    (cd "$here" && git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf - 2>/dev/null) | tar -xf - -C "$dest"
    # SwiftPM's dependencies come from the cache this machine already has (no network to GitHub).
    if [ -d "$HOME/.cache/org.swift.swiftpm" ]; then
        mkdir -p "$1/root/.cache" && rm -rf "$1/root/.cache/org.swift.swiftpm" && cp -a "$HOME/.cache/org.swift.swiftpm" "$1/root/.cache/"
    fi
}

swift_root() {
    local swift; swift=$(PATH=$PATH:/opt/swift/usr/bin command -v swift) || { echo "distro-check: no Swift toolchain on PATH" >&2; exit 1; }
    swift=$(readlink -f "$swift")
    dirname "$(dirname "$(dirname "$swift")")"   # …/usr/bin/swift → the folder holding usr/
}

case $action in
    test|deb|run)
        make_build
        copy_source "$build"
        export SWIFT_ROOT; SWIFT_ROOT=$(swift_root)
        export SHARED_DIR; SHARED_DIR=$(cd "$here/.." && pwd)/shared
        case $action in
            test) in_root "$build" /bin/bash -c 'cd "/src/$0" && make test' "$tree" ;;
            deb)
                in_root "$build" /bin/bash -c 'cd "/src/$0" && make deb' "$tree"
                mkdir -p "$here/dist/$release"
                cp "$build/src/$tree"/dist/photopick_*.deb "$here/dist/$release/"
                ls -l "$here/dist/$release/" ;;
            run) shift 2; in_root "$build" /bin/bash -c 'cd "/src/$0" && exec "$@"' "$tree" "$@" ;;
        esac ;;
    install)
        deb=$(readlink -f "${3:?usage: scripts/distro-check.sh RELEASE install DEB}")
        make_base
        scratch=$(mktemp -d "$cache/$release-install.XXXXXX")
        trap 'rm -rf "$scratch"' EXIT
        echo "distro-check: a fresh $release system with no Swift, installing $(basename "$deb")"
        cp -a "$base/." "$scratch/"
        mkdir -p "$scratch/src/check"
        cp "$deb" "$here/scripts/package-check.sh" "$scratch/src/check/"
        # A small library made here, where ImageMagick is: three photos and a PNG.
        mkdir -p "$scratch/src/library"
        for colour in red green blue; do convert -size 800x600 "gradient:$colour-white" "$scratch/src/library/$colour.jpg"; done
        convert -size 640x640 plasma:fractal "$scratch/src/library/plasma.png"
        mkdir -p "$here/dist/$release"
        EXTRA_BIND="$here/dist/$release" in_root "$scratch" /bin/bash /src/check/package-check.sh \
            "/src/check/$(basename "$deb")" /src/library /mnt/extra
        echo "distro-check: screenshots in dist/$release/window.png and portal.png" ;;
    *) echo "distro-check: unknown action '$action'" >&2; exit 2 ;;
esac
