#!/bin/bash
# The deb's postrm (electron-builder fills in ${executable} and ${sanitizedProductName}): on removal,
# the command line's link and the AppArmor profile go; an upgrade keeps them (the new postinst runs
# next), and a purge after the removal finds nothing left to do.
[ "$1" = remove ] || exit 0

if type update-alternatives >/dev/null 2>&1; then
    update-alternatives --remove '${executable}' '/opt/${sanitizedProductName}/bin/${executable}' || true
fi
# A plain link (no update-alternatives, or one it refused) that points into the removed package.
if [ -L '/usr/bin/${executable}' ] && [ ! -e '/usr/bin/${executable}' ]; then
    rm -f '/usr/bin/${executable}'
fi

if hash update-desktop-database 2>/dev/null; then
    update-desktop-database /usr/share/applications || true
fi

APPARMOR_PROFILE_DEST='/etc/apparmor.d/${executable}'
if [ -f "$APPARMOR_PROFILE_DEST" ]; then
    if apparmor_status --enabled >/dev/null 2>&1; then
        if ! { [ -x /usr/bin/ischroot ] && /usr/bin/ischroot; } && hash apparmor_parser 2>/dev/null; then
            apparmor_parser --remove "$APPARMOR_PROFILE_DEST" || true
        fi
    fi
    rm -f "$APPARMOR_PROFILE_DEST"
fi
exit 0
