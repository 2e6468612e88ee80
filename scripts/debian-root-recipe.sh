# Sourced by scripts/debian-root.sh: what each Debian root holds and how it is made.
# The root cache's key is this file's text with the suite and its packages, so a change
# here builds new roots, and a change to how roots are cached or run does not.

# KWin 6 (the kwin legs) and dbus-run-session; it runs nested in the root's sway, whose
# grim takes the screenshots that KWin 6 without a GPU cannot (Tests/e2e/README.md).
KWIN_PACKAGES="kwin-wayland dbus"

# Debian's own Swift and what building buoy and its source package need in a root
# (the swiftlang legs, make dsc: the drawing helper's unit tests shape CJK and colour
# emoji labels, hence the Noto fonts, and hold the built-in actions' icons to Adwaita's).
# $1 is the GCC whose libstdc++.a the static
# link takes: clang picks the newest GCC directory in the root (14 in trixie; 16 in
# sid, though its default GCC is 15), and packaging/link/libstdc++.so names the
# archive, which only libstdc++-N-dev ships.
swift_packages() {
    echo "swiftlang libstdc++-$1-dev pkg-config libwayland-dev libcairo2-dev libxkbcommon-dev
        libpango1.0-dev librsvg2-dev scdoc build-essential debhelper dpkg-dev fakeroot lintian
        fonts-noto-cjk fonts-noto-color-emoji adwaita-icon-theme"
}

# The packages SUITE's root holds, or a complaint and exit for another suite.
packages_of() {
    case $1 in
    trixie) echo "sway labwc phoc grim wev foot wvkbd wayland-utils xkb-data fonts-dejavu-core $KWIN_PACKAGES
        $(swift_packages 14)" ;;
    sid) echo "wayfire wayland-utils xkb-data sway labwc phoc grim $KWIN_PACKAGES $(swift_packages 16)" ;;
    *) say "no packages for suite '$1' (trixie or sid)"; exit 2 ;;
    esac
}

# In the private mount namespace: debootstrap, then the packages.
inner() {
    partial=$1 uri=$2
    debootstrap --variant=minbase "$SUITE" "$partial" "$uri"
    install_packages "$partial"
}

# $1: the root being built.
install_packages() {
    partial=$1
    PACKAGES=$(echo $(packages_of "$SUITE"))
    mount -t proc proc "$partial/proc"
    mount -t sysfs sys "$partial/sys"
    mount --bind /dev "$partial/dev"
    mount --bind /dev/shm "$partial/dev/shm"
    mount -t devpts devpts "$partial/dev/pts"
    # No service may start inside the root while packages install.
    printf '#!/bin/sh\nexit 101\n' > "$partial/usr/sbin/policy-rc.d"
    chmod 755 "$partial/usr/sbin/policy-rc.d"
    # sid's Release file on the mirror may have expired; a test root can live with that.
    echo 'Acquire::Check-Valid-Until "false";' > "$partial/etc/apt/apt.conf.d/99buoy-valid-until"
    # shellcheck disable=SC2086
    DEBIAN_FRONTEND=noninteractive chroot "$partial" apt-get install -y -q --no-install-recommends $PACKAGES
    chroot "$partial" apt-get clean
    rm -f "$partial/usr/sbin/policy-rc.d"
    # apt-get may exit 0 after an interrupt ("Operation was interrupted before it could
    # finish"): only a root whose every package is installed and configured is complete.
    # shellcheck disable=SC2086
    if chroot "$partial" dpkg-query -W -f='${Status}\n' $PACKAGES | grep -qv '^install ok installed$' ||
        [ -n "$(chroot "$partial" dpkg --audit)" ]; then
        say "the packages in $partial are not all installed"
        exit 1
    fi
}

