/**
 * The messages between Electron's main process (src/shell) and the assistant's core process
 * (src/core). Both sides import their names from here, never from each other.
 */

/** Names of the calls each side answers. */
export const CORE_CALLS = { panelRequest: 'panel:request', bridgePermission: 'bridge:permission', holdSwitchKeys: 'switch:hold' } as const;
export const MAIN_CALLS = { checkPermissions: 'permissions:check', openPermissionSettings: 'permissions:open-settings' } as const;
export const MAIN_NOTICES = { event: 'assistant:event', settingsSaved: 'settings:saved', switchKey: 'switch:key' } as const;
