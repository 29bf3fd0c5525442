import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createPermissionChecker } from '../../src/main/permissions.js';
import { MAC_SETTINGS_PANES, darwinPermissions, loadMacPermissions } from '../../src/main/permissions-darwin.js';
import { permissionStatus } from '../../src/shared/permissions.js';

// node-mac-permissions is darwin-only (it does not install here): the seam that cannot run on Linux.
const macPermissions = vi.hoisted(() => ({ answer: 'authorized', getAuthStatus: vi.fn((_type: string) => '') }));
vi.mock('node-mac-permissions', () => ({
  getAuthStatus: (type: string) => {
    macPermissions.getAuthStatus(type);
    return macPermissions.answer;
  },
}));

function checkerWith(media: string, opened: string[] = []) {
  return createPermissionChecker(
    darwinPermissions({
      systemPreferences: { getMediaAccessStatus: () => media as 'granted' },
      shell: {
        openExternal: async (url) => {
          opened.push(url);
        },
      },
    }),
  );
}

describe('macOS permission checker', () => {
  beforeEach(() => {
    macPermissions.getAuthStatus.mockClear();
  });

  it('loads node-mac-permissions through its dynamic import', async () => {
    expect(typeof (await loadMacPermissions())?.getAuthStatus).toBe('function');
  });

  it('reports both granted with no explanation', async () => {
    macPermissions.answer = 'authorized';
    const statuses = await checkerWith('granted').check();
    expect(statuses).toEqual([
      { kind: 'accessibility', state: 'granted', explanation: '', canOpenSettings: true },
      { kind: 'microphone', state: 'granted', explanation: '', canOpenSettings: true },
    ]);
    expect(macPermissions.getAuthStatus).toHaveBeenCalledWith('accessibility');
  });

  it.each([
    ['denied', 'denied'],
    ['not determined', 'not_determined'],
    ['restricted', 'denied'],
  ])('maps Accessibility “%s” to %s with the pane to open', async (answer, state) => {
    macPermissions.answer = answer;
    const [status] = await checkerWith('granted').check(['accessibility']);
    expect(status?.state).toBe(state);
    expect(status?.explanation).toMatch(/^Assistive Control needs Accessibility access .* Open System Settings › Privacy & Security › Accessibility and turn on Assistive Control\.$/);
    permissionStatus.parse(status);
  });

  it.each([
    ['denied', 'denied'],
    ['not-determined', 'not_determined'],
    ['restricted', 'denied'],
  ])('maps the microphone “%s” to %s', async (media, state) => {
    const [status] = await checkerWith(media).check(['microphone']);
    expect(status?.state).toBe(state);
    expect(status?.explanation).toContain('Privacy & Security › Microphone');
  });

  it('reports an answer it does not know as unknown, with a sentence', async () => {
    const [status] = await checkerWith('unknown').check(['microphone']);
    expect(status?.state).toBe('unknown');
    expect(status?.explanation).toContain('“unknown”');
  });

  it('opens the exact Privacy & Security pane', async () => {
    const opened: string[] = [];
    const checker = checkerWith('granted', opened);
    expect(await checker.openSettings('accessibility')).toBe(true);
    expect(await checker.openSettings('microphone')).toBe(true);
    expect(opened).toEqual([
      'x-apple.systempreferences:com.apple.preference.security?Privacy_Accessibility',
      'x-apple.systempreferences:com.apple.preference.security?Privacy_Microphone',
    ]);
    expect(opened).toEqual([MAC_SETTINGS_PANES.accessibility, MAC_SETTINGS_PANES.microphone]);
  });
});
