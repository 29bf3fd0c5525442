import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createPermissionChecker } from '../../src/shared/permission-checker.js';
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

/** Electron's isTrustedAccessibilityClient: records each call's `prompt`, answers `trusted`. */
function trustFake(trusted: (prompt: boolean) => boolean = () => false) {
  const calls: boolean[] = [];
  return {
    calls,
    isTrustedAccessibilityClient: (prompt: boolean) => {
      calls.push(prompt);
      return trusted(prompt);
    },
  };
}

function checkerWith(media: string, opened: string[] = [], trust = trustFake(), withModule = true) {
  return createPermissionChecker(
    darwinPermissions({
      systemPreferences: { getMediaAccessStatus: () => media as 'granted', isTrustedAccessibilityClient: trust.isTrustedAccessibilityClient },
      shell: {
        openExternal: async (url) => {
          opened.push(url);
        },
      },
      ...(withModule ? {} : { loadMacPermissions: () => Promise.resolve(undefined) }),
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
    expect(status?.explanation).toMatch(
      /^Assistive Control needs Accessibility access .* Open System Settings › Privacy & Security › Accessibility and turn on Assistive Control\.$/,
    );
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

  it('asks macOS for its Accessibility prompt once, the first time access is off, and never when it is on', async () => {
    macPermissions.answer = 'not determined';
    const trust = trustFake();
    const checker = checkerWith('granted', [], trust);
    expect((await checker.check(['accessibility']))[0]?.state).toBe('not_determined');
    expect((await checker.check(['accessibility']))[0]?.state).toBe('not_determined');
    expect(trust.calls).toEqual([true]);

    macPermissions.answer = 'authorized';
    const onAlready = trustFake();
    expect((await checkerWith('granted', [], onAlready).check(['accessibility']))[0]?.state).toBe('granted');
    expect(onAlready.calls).toEqual([]);
  });

  it('reads access as granted when the user allows it from the prompt', async () => {
    macPermissions.answer = 'denied';
    const trust = trustFake((prompt) => prompt);
    expect((await checkerWith('granted', [], trust).check(['accessibility']))[0]?.state).toBe('granted');
  });

  it("uses Electron's own check when node-mac-permissions is missing, prompting once", async () => {
    const trust = trustFake();
    const checker = checkerWith('granted', [], trust, false);
    const [status] = await checker.check(['accessibility']);
    expect(status?.state).toBe('not_determined');
    expect(status?.explanation).toContain('Open System Settings › Privacy & Security › Accessibility and turn on Assistive Control.');
    await checker.check(['accessibility']);
    expect(trust.calls).toEqual([false, true, false]);
    const on = trustFake(() => true);
    expect((await checkerWith('granted', [], on, false).check(['accessibility']))[0]?.state).toBe('granted');
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
