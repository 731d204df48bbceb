# photopick — plain Makefile over SwiftPM.
#   make run     install what is needed, build, open the picker on your photos
#   make test    install what is needed, build, run every test (GUI tests under their own Xvfb)

PREFIX  ?= /usr/local
DESTDIR ?=
SWIFT   ?= swift
ARGS    ?=

# Swift lives outside Debian; take it from PATH, or /opt/swift where this project's machines keep it.
export PATH := $(PATH):/opt/swift/usr/bin

# The portal backend: where it is installed, and the desktops (XDG_CURRENT_DESKTOP entries)
# whose xdg-desktop-portal 1.16 should pick it by UseIn (see the README).
LIBEXECDIR    ?= $(PREFIX)/libexec
PORTAL_USE_IN ?= photopick

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APP_ID := io.github.photopick.PhotoPick

# Two kinds of dependency. `make deps` installs what building and running photopick need;
# `make test` also installs the test tools (`make test-deps`); `make run` and `make install` never do.
#
# Building: GTK 4 and libadwaita 1.2 / gdk-pixbuf / GIO / gexiv2 / libheif, and gettext for the catalogues.
# JPEG thumbnails are decoded by libjpeg-turbo's TurboJPEG API (libturbojpeg0-dev, 2.1 on Debian 12):
# its DCT-scaled decode with fast upsampling beats gdk-pixbuf's loader (make bench, section thumbnails).
# The thumbnails photopick writes into the shared cache are PNGs deflated by libdeflate directly
# (libdeflate-dev: one fixed filter and its level 1, half the instructions of zlib's fastest
# setting on the bench's thumbnails; PNGEncoder.swift has the figures); zlib1g-dev for the CRCs.
# Exports (photopick export, the picker's --convert…) decode, resize and encode with libvips (libvips-dev).
BUILD_PACKAGES := libgtk-4-dev libadwaita-1-dev libgdk-pixbuf-2.0-dev libgexiv2-dev libheif-dev libturbojpeg0-dev \
	libvips-dev libsqlite3-dev pkg-config zlib1g-dev libdeflate-dev gettext
# Running, beyond the linked libraries: content types, the HEIF, WebP and SVG loaders and the icons;
# the preview plays videos through GTK's GStreamer media backend (libav decodes H.264/HEVC); video
# thumbnails come from the installed .thumbnailer entries (ffmpegthumbnailer); the portal backend
# runs under xdg-desktop-portal and hands what is not photos to xdg-desktop-portal-gtk.
# debian/control names the same as the package's Depends and Recommends.
RUN_PACKAGES := shared-mime-info heif-gdk-pixbuf webp-pixbuf-loader librsvg2-common adwaita-icon-theme \
	libgtk-4-media-gstreamer gstreamer1.0-plugins-good gstreamer1.0-libav ffmpegthumbnailer \
	xdg-desktop-portal xdg-desktop-portal-gtk
# Tests and screenshots: Xvfb and a private session bus (dbus-daemon; dbus-run-session from
# dbus-bin; the AT-SPI bus from at-spi2-core), xdotool, ImageMagick, the desktop-file and AppStream validators,
# and gnome-desktop's thumbnail factory (through Python; bubblewrap, which it runs thumbnailers in on
# Debian 13) to check thumbnails interoperate; xclip reads the clipboard in the Copy tests, python3 runs
# the portal example; the parenting tests open a caller's window with python3-gi's GTK 4 and read the
# picker's window hints with xprop (x11-utils). The portal backend's tests run the real
# xdg-desktop-portal with xdg-desktop-portal-gtk as the delegate, and a GTK 4 program as a client.
# The tests make short clips with ffmpeg, run photopick in German (locales: the de_DE.UTF-8 locale
# is generated too), read the index with sqlite3, tag a photo Adobe RGB with icc-profiles-free's
# compatibleWithAdobeRGB1998.icc (through ImageMagick) to check the conversion to sRGB, and tag
# photos and videos with exiftool (drone XMP, IPTC places, QuickTime keys) and read them back with
# it, a reader that is not exiv2, to check exports without location; ffmpeg, exiftool and libheif
# also make the Live Photo and Motion Photo samples (Tests/TestSupport/PairSamples.swift).
TEST_PACKAGES := xvfb xauth dbus-daemon dbus-bin at-spi2-core xdotool imagemagick desktop-file-utils appstream \
	python3 python3-gi gir1.2-gnomedesktop-4.0 gir1.2-gtk-4.0 bubblewrap xclip python3-pyatspi x11-utils \
	ffmpeg sqlite3 locales tzdata icc-profiles-free libimage-exiftool-perl
# `make deb`: debhelper builds the package, lintian checks it.
DEB_PACKAGES := debhelper dpkg-dev lintian
# Debian 13's libheif loads its codecs as plugin packages and only recommends the HEVC encoder's;
# the tests make HEICs with it (Debian 12's libheif has it built in). test-deps installs it where
# libheif came with its decoder as a plugin package (libheif-plugin-libde265).
HEIF_TEST_ENCODER := libheif-plugin-x265

# apt_install WHO,PACKAGES: install those of PACKAGES not installed yet (sudo when not root).
define apt_install
	@missing=$$(for p in $(2); do \
		dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "$(1): installing" $$missing; \
		$(SUDO) apt-get update -qq && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	fi
endef

# The peers `make bench` measures photopick against (it installs them; `make deps` does not);
# heif-enc (libheif-examples) makes the export section's HEICs.
BENCH_PACKAGES := exiv2 libvips-tools findutils libheif-examples

# The version is written once, in Sources/photopick/Version.swift; the man page and the package take it from there.
VERSION := $(shell sed -n 's/^ *static let string = "\(.*\)"$$/\1/p' Sources/photopick/Version.swift)

RELEASE_BIN = $(shell $(SWIFT) build -c release --show-bin-path 2>/dev/null)/photopick
DEBUG_BIN   = $(shell $(SWIFT) build --show-bin-path 2>/dev/null)/photopick

.PHONY: all deps test-deps build run test screenshots screenshot install install-files install-portal-data uninstall clean pot translations deb package-build print-package-bin print-version

all: build

## deps: install the Debian packages building and running photopick need (idempotent; sudo when not root)
deps:
	$(call apt_install,make deps,$(BUILD_PACKAGES) $(RUN_PACKAGES))
	@command -v $(SWIFT) >/dev/null || { \
		echo "make deps: no Swift toolchain on PATH. Install Swift 6 from swift.org (it is not a Debian package)."; exit 1; }

## test-deps: the tools the tests use, and the German locale they run photopick in
test-deps:
	$(call apt_install,make test-deps,$(TEST_PACKAGES))
	@installed() { dpkg-query -W -f='$${Status}\n' $$1 2>/dev/null | grep -q 'install ok installed'; }; \
	if installed libheif-plugin-libde265 && ! installed $(HEIF_TEST_ENCODER); then \
		echo "make test-deps: installing $(HEIF_TEST_ENCODER)"; \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $(HEIF_TEST_ENCODER); \
	fi
	@locale -a 2>/dev/null | grep -qix 'de_DE.utf8' || { \
		echo "make test-deps: generating the de_DE.UTF-8 locale"; \
		$(SUDO) sed -i 's/^# *\(de_DE.UTF-8 UTF-8\)/\1/' /etc/locale.gen && \
		{ grep -q '^de_DE.UTF-8 UTF-8' /etc/locale.gen || echo 'de_DE.UTF-8 UTF-8' | $(SUDO) tee -a /etc/locale.gen >/dev/null; } && \
		$(SUDO) locale-gen >/dev/null; }

## build: an optimised build of photopick, its thumbnail and export workers and its portal backend
build: deps
	$(SWIFT) build -c release --product photopick
	$(SWIFT) build -c release --product photopick-thumbnailer
	$(SWIFT) build -c release --product photopick-exporter
	$(SWIFT) build -c release --product photopick-portal

## run: open the picker on your Pictures and Videos folders (ARGS="folder…" to choose others)
##   in your language: the catalogues go to locale/ beside the binary, where photopick looks first
run: build translations
	@rm -rf $(dir $(RELEASE_BIN))locale && cp -r $(I18N_OUT)/locale $(dir $(RELEASE_BIN))locale
	@$(RELEASE_BIN) $(ARGS); status=$$?; [ $$status -le 1 ] || exit $$status

## Translations (po/; see po/README.md). LINGUAS lists the languages with a po/LANG.po.
LINGUAS  := $(shell grep -v '^\#' po/LINGUAS)
I18N_OUT ?= .build/i18n

## pot: regenerate po/photopick.pot and po/POTFILES from the sources (failing on a message
##   xgettext's C parser would misread), and merge it into every po/LANG.po
pot:
	scripts/update-pot.sh
	for l in $(LINGUAS); do msgmerge --quiet --update --backup=none po/$$l.po po/photopick.pot || exit 1; done

## translations: the compiled catalogues ($(I18N_OUT)/locale/LANG/LC_MESSAGES/photopick.mo) and
##   the translated desktop entry and metainfo, under $(I18N_OUT)
translations:
	@for l in $(LINGUAS); do \
		install -d $(I18N_OUT)/locale/$$l/LC_MESSAGES && \
		msgfmt --check -o $(I18N_OUT)/locale/$$l/LC_MESSAGES/photopick.mo po/$$l.po || exit 1; done
	msgfmt --desktop -d po --template data/$(APP_ID).desktop.in -o $(I18N_OUT)/$(APP_ID).desktop
	msgfmt --xml -d po --template data/$(APP_ID).metainfo.xml.in -o $(I18N_OUT)/$(APP_ID).metainfo.xml

## test: every unit, command-line and GUI test: those without a display as test-unit runs
##   them (side by side), then the GTK, GUI and portal tests in one process (one Xvfb and
##   one session bus, shared); a failure in the first part still runs the second
test: deps test-deps
	$(SWIFT) build --build-tests
	status=0; \
	env -u DISPLAY -u WAYLAND_DISPLAY scripts/test-in-parallel.sh \
		"$$($(SWIFT) build --show-bin-path)/photopickPackageTests.xctest" '$(UNIT_TESTS)' || status=1; \
	$(SWIFT) test --skip-build --disable-swift-testing --filter '$(DISPLAY_TESTS)' || status=1; \
	exit $$status

## test-unit: every test that needs no display and no session bus (the model, the system
##   layer, media, the index, opening a library, the command line), with DISPLAY unset;
##   a few test classes to a process, one process per core (scripts/test-in-parallel.sh)
##   Every test target is in UNIT_TESTS or DISPLAY_TESTS (TestTargetsTests checks it).
UNIT_TESTS := PhotoPickCoreTests|PhotoPickSystemTests|PhotoPickGLibTests|PhotoPickMediaTests|PhotoPickIndexTests|PhotoPickOpenTests|PhotoPickCLITests
DISPLAY_TESTS := PhotoPickGtkTests|PhotoPickGUITests|PhotoPickPortalTests
.PHONY: test-unit
test-unit: deps test-deps
	$(SWIFT) build --build-tests
	env -u DISPLAY -u WAYLAND_DISPLAY scripts/test-in-parallel.sh \
		"$$($(SWIFT) build --show-bin-path)/photopickPackageTests.xctest" '$(UNIT_TESTS)'

## screenshots: data/screenshots/*.png of the window on a generated library, under Xvfb
## (main, preview, max-reached, empty, unreadable, the last run as `nobody`; main at 360, 800
## and 1600 px light and dark, 360 px with the sidebar out, and in German)
screenshots: build test-deps
	PHOTOPICK_BIN=$(RELEASE_BIN) dbus-run-session -- scripts/screenshots.sh data/screenshots

screenshot: screenshots

## bench: timings of the hot paths (release build), as one table of ratios to references
##   measured in the same run: scanning vs find, metadata vs exiv2, thumbnails vs
##   gdk-pixbuf-thumbnailer and vipsthumbnail, the window under Xvfb, the core, exports vs
##   vipsthumbnail and ImageMagick, and a million photos (find, list, window, model, memory);
##   each target met or missed. Libraries are generated under /tmp/photopick-bench once and
##   reused (the million: about 4 GB, minutes). BENCH="scan window" runs some; BENCH=million-model
##   only the million's in-process model part.
BENCH ?=
.PHONY: bench
bench: deps test-deps
	$(call apt_install,make bench,$(BENCH_PACKAGES))
	$(SWIFT) build -c release --product photopick
	$(SWIFT) build -c release --product photopick-thumbnailer
	$(SWIFT) build -c release --product photopick-exporter
	$(SWIFT) build -c release --product photopick-bench
	dbus-run-session -- $$($(SWIFT) build -c release --show-bin-path)/photopick-bench $(BENCH)

## fuzz: the parsers of untrusted input under libFuzzer + AddressSanitizer, FUZZ_SECONDS each
## (targets in fuzz/targets; corpora and any crash in .build/fuzz)
FUZZ_SECONDS ?= 60
.PHONY: fuzz
fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) fuzz/fuzz.sh

## soak: SOAK_CYCLES open/pick/close cycles, then SOAK_MINUTES of scrolling SOAK_PHOTOS photos,
## under Xvfb, with photopick's memory sampled throughout (release build; CSVs in /tmp/photopick-soak)
SOAK_CYCLES  ?= 200
SOAK_PHOTOS  ?= 100000
SOAK_MINUTES ?= 10
.PHONY: soak soak-cycles soak-scroll soak-end
soak: soak-cycles soak-scroll
soak-cycles soak-scroll soak-end: build test-deps
soak-cycles:
	PHOTOPICK_BIN=$(RELEASE_BIN) dbus-run-session -- scripts/soak.py cycles --count $(SOAK_CYCLES)
soak-scroll:
	PHOTOPICK_BIN=$(RELEASE_BIN) dbus-run-session -- scripts/soak.py scroll --photos $(SOAK_PHOTOS) --minutes $(SOAK_MINUTES)
## soak-end: Page Down held from the first photo to the last, cold then warm, with the peak memory
##   (SOAK_LIBRARY=folder uses a library already made, e.g. make bench's /tmp/photopick-bench/library-100k)
SOAK_LIBRARY ?=
soak-end:
	PHOTOPICK_BIN=$(RELEASE_BIN) dbus-run-session -- scripts/soak.py end $(if $(SOAK_LIBRARY),--library $(SOAK_LIBRARY),--photos $(SOAK_PHOTOS))

## install / uninstall: under $(DESTDIR)$(PREFIX). install records the folders it makes in
##   INSTALLED_FOLDERS; uninstall removes its files, then those folders that are empty now
##   (never one that was there before, or that holds another program's files).
INSTALLED_FOLDERS := $(PREFIX)/share/photopick/installed-folders
ICON_FOLDERS = $(patsubst %/,%,$(sort $(dir $(shell cd data/icons && find hicolor -type f))))
INSTALL_FOLDERS = $(PREFIX)/bin $(LIBEXECDIR) $(LIBEXECDIR)/photopick $(PREFIX)/share/photopick $(PREFIX)/share/applications \
	$(PREFIX)/share/metainfo $(foreach l,$(LINGUAS),$(PREFIX)/share/locale/$(l)/LC_MESSAGES) $(PREFIX)/share/man/man1 \
	$(PREFIX)/share/doc/photopick/examples $(PREFIX)/share/dbus-1/services $(PREFIX)/share/xdg-desktop-portal/portals \
	$(addprefix $(PREFIX)/share/icons/,$(ICON_FOLDERS))
install: build translations
	scripts/installed-folders.sh make "$(DESTDIR)" "$(INSTALLED_FOLDERS)" $(INSTALL_FOLDERS)
	$(MAKE) --no-print-directory install-files

## install-files: the built files into place under $(DESTDIR)$(PREFIX), nothing built (install and
##   the Debian package use it). The workers are photopick's own, in $(LIBEXECDIR)/photopick, where
##   photopick finds them from $(PREFIX)/bin (../libexec/photopick); BIN_DIR is where the build put them.
BIN_DIR ?= $(dir $(RELEASE_BIN))
install-files:
	install -Dm755 $(BIN_DIR)photopick $(DESTDIR)$(PREFIX)/bin/photopick
	install -Dm755 $(BIN_DIR)photopick-thumbnailer $(DESTDIR)$(LIBEXECDIR)/photopick/photopick-thumbnailer
	install -Dm755 $(BIN_DIR)photopick-exporter $(DESTDIR)$(LIBEXECDIR)/photopick/photopick-exporter
	install -Dm755 $(BIN_DIR)photopick-portal $(DESTDIR)$(LIBEXECDIR)/photopick-portal
	$(MAKE) --no-print-directory install-portal-data
	install -Dm644 data/photopick.css $(DESTDIR)$(PREFIX)/share/photopick/photopick.css
	install -Dm644 $(I18N_OUT)/$(APP_ID).desktop $(DESTDIR)$(PREFIX)/share/applications/$(APP_ID).desktop
	install -Dm644 $(I18N_OUT)/$(APP_ID).metainfo.xml $(DESTDIR)$(PREFIX)/share/metainfo/$(APP_ID).metainfo.xml
	for l in $(LINGUAS); do install -Dm644 $(I18N_OUT)/locale/$$l/LC_MESSAGES/photopick.mo \
		$(DESTDIR)$(PREFIX)/share/locale/$$l/LC_MESSAGES/photopick.mo || exit 1; done
	install -d $(DESTDIR)$(PREFIX)/share/man/man1
	sed -e 's|@version@|$(VERSION)|g' data/photopick.1.in > $(DESTDIR)$(PREFIX)/share/man/man1/photopick.1
	chmod 644 $(DESTDIR)$(PREFIX)/share/man/man1/photopick.1
	install -Dm755 examples/pick-photos.sh $(DESTDIR)$(PREFIX)/share/doc/photopick/examples/pick-photos.sh
	install -Dm755 examples/pick_with_portal.py $(DESTDIR)$(PREFIX)/share/doc/photopick/examples/pick_with_portal.py
	install -Dm755 examples/ask_the_portal.py $(DESTDIR)$(PREFIX)/share/doc/photopick/examples/ask_the_portal.py
	cd data/icons && find hicolor -type f | while read -r f; do \
		install -Dm644 "$$f" "$(DESTDIR)$(PREFIX)/share/icons/$$f"; done

## install-portal-data: the backend's D-Bus service and .portal files alone (no build; the tests use it)
PORTAL_SERVICE := share/dbus-1/services/org.freedesktop.impl.portal.desktop.photopick.service
PORTAL_FILE    := share/xdg-desktop-portal/portals/photopick.portal
install-portal-data:
	install -d $(DESTDIR)$(PREFIX)/share/dbus-1/services $(DESTDIR)$(PREFIX)/share/xdg-desktop-portal/portals
	sed -e 's|@libexecdir@|$(LIBEXECDIR)|g' data/org.freedesktop.impl.portal.desktop.photopick.service.in \
		> $(DESTDIR)$(PREFIX)/$(PORTAL_SERVICE)
	sed -e 's|@use_in@|$(PORTAL_USE_IN)|g' data/photopick.portal.in > $(DESTDIR)$(PREFIX)/$(PORTAL_FILE)
	chmod 644 $(DESTDIR)$(PREFIX)/$(PORTAL_SERVICE) $(DESTDIR)$(PREFIX)/$(PORTAL_FILE)

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/photopick
	rm -f $(DESTDIR)$(LIBEXECDIR)/photopick/photopick-thumbnailer $(DESTDIR)$(LIBEXECDIR)/photopick/photopick-exporter
	rm -f $(DESTDIR)$(LIBEXECDIR)/photopick-portal
	rm -f $(DESTDIR)$(PREFIX)/$(PORTAL_SERVICE) $(DESTDIR)$(PREFIX)/$(PORTAL_FILE)
	rm -f $(DESTDIR)$(PREFIX)/share/photopick/photopick.css
	rm -f $(DESTDIR)$(PREFIX)/share/applications/$(APP_ID).desktop
	rm -f $(DESTDIR)$(PREFIX)/share/metainfo/$(APP_ID).metainfo.xml
	for l in $(LINGUAS); do rm -f $(DESTDIR)$(PREFIX)/share/locale/$$l/LC_MESSAGES/photopick.mo; done
	rm -f $(DESTDIR)$(PREFIX)/share/man/man1/photopick.1
	rm -rf $(DESTDIR)$(PREFIX)/share/doc/photopick
	cd data/icons && find hicolor -type f | while read -r f; do rm -f "$(DESTDIR)$(PREFIX)/share/icons/$$f"; done
	scripts/installed-folders.sh remove "$(DESTDIR)" "$(INSTALLED_FOLDERS)"
	rm -rf $(DESTDIR)$(PREFIX)/share/photopick

clean:
	rm -rf .build $(PACKAGE_SCRATCH)

## deb: dist/photopick_VERSION_ARCH.deb, a Debian package of this source for the Debian release
##   it is built on (debhelper; the Swift runtime is linked in, so installing it needs no Swift),
##   then checked by lintian. Install it with `sudo apt install ./dist/photopick_…deb`.
##   scripts/distro-check.sh RELEASE deb builds one for another release in a chroot of it.
PACKAGE_SCRATCH := .build-package
# Linked as Debian links C (dpkg-buildflags' LDFLAGS): relocations read-only and bound at start,
# and only the libraries a binary uses (pkg-config's libadwaita-1 names cairo, pango, graphene…).
# By lld, the toolchain's own linker: GNU ld would warn that the static Foundation calls mktemp.
PACKAGE_FLAGS := -c release --static-swift-stdlib --scratch-path $(PACKAGE_SCRATCH) -Xswiftc -use-ld=lld \
	-Xlinker -z -Xlinker relro -Xlinker -z -Xlinker now -Xlinker --as-needed
deb: deps translations
	$(call apt_install,make deb,$(DEB_PACKAGES))
	rm -rf debian/photopick debian/.debhelper debian/files debian/*.substvars debian/debhelper-build-stamp
	scripts/debian-changelog.sh "$(VERSION)" > debian/changelog.tmp && mv debian/changelog.tmp debian/changelog
	rm -f dist/photopick_$(VERSION)_*.deb && mkdir -p dist
	DEB_RULES_REQUIRES_ROOT=no debian/rules binary
	lintian --fail-on error,warning dist/photopick_$(VERSION)_*.deb
	@ls -l dist/photopick_$(VERSION)_*.deb

## package-build: the release build `make deb` packages (debian/rules calls it)
package-build: translations
	for p in photopick photopick-thumbnailer photopick-exporter photopick-portal; do \
		$(SWIFT) build $(PACKAGE_FLAGS) --product $$p || exit 1; done

print-package-bin:
	@echo $$($(SWIFT) build $(PACKAGE_FLAGS) --show-bin-path)/

print-version:
	@echo $(VERSION)
