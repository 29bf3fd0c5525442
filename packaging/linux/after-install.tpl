#!/bin/bash
# The deb's postinst (electron-builder fills in ${executable} and ${sanitizedProductName}):
# /usr/bin/${executable} is the command line, not the app; the app starts from its launcher or by
# "${executable} app". Then Electron's sandbox helper, the desktop's list of applications and, where
# AppArmor restricts user namespaces (Ubuntu 24.04 and later), the profile Electron's sandbox needs.

CLI='/opt/${sanitizedProductName}/bin/${executable}'
chmod 0755 "$CLI" || true
if type update-alternatives >/dev/null 2>&1; then
    # A plain link left by an earlier package is replaced by the alternative.
    if [ -L '/usr/bin/${executable}' ] && [ "$(readlink '/usr/bin/${executable}')" != '/etc/alternatives/${executable}' ]; then
        rm -f '/usr/bin/${executable}'
    fi
    update-alternatives --install '/usr/bin/${executable}' '${executable}' "$CLI" 100 || ln -sf "$CLI" '/usr/bin/${executable}'
else
    ln -sf "$CLI" '/usr/bin/${executable}'
fi

# The SUID sandbox helper only where the kernel offers no user namespaces.
if ! { [[ -L /proc/self/ns/user ]] && unshare --user true; } 2>/dev/null; then
    chmod 4755 '/opt/${sanitizedProductName}/chrome-sandbox' || true
else
    chmod 0755 '/opt/${sanitizedProductName}/chrome-sandbox' || true
fi

if hash update-desktop-database 2>/dev/null; then
    update-desktop-database /usr/share/applications || true
fi

if apparmor_status --enabled >/dev/null 2>&1; then
    APPARMOR_PROFILE_SOURCE='/opt/${sanitizedProductName}/resources/apparmor-profile'
    APPARMOR_PROFILE_TARGET='/etc/apparmor.d/${executable}'
    if apparmor_parser --skip-kernel-load --debug "$APPARMOR_PROFILE_SOURCE" >/dev/null 2>&1; then
        cp -f "$APPARMOR_PROFILE_SOURCE" "$APPARMOR_PROFILE_TARGET"
        if ! { [ -x /usr/bin/ischroot ] && /usr/bin/ischroot; } && hash apparmor_parser 2>/dev/null; then
            apparmor_parser --replace --write-cache --skip-read-cache "$APPARMOR_PROFILE_TARGET"
        fi
    else
        echo "Skipping the AppArmor profile: this version of AppArmor does not support it."
    fi
fi
exit 0
