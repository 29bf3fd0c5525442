import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AxBridge } from '../../src/execution/accessibility/ax-bridge.js';
import { boundedPermissionChecker, createPermissionChecker, type PlatformPermissions } from '../../src/shared/permission-checker.js';
import { ENABLE_ACCESSIBILITY_COMMAND, linuxPermissions } from '../../src/main/permissions-linux.js';
import { darwinPermissions, loadMacPermissions } from '../../src/main/permissions-darwin.js';
import { permissionStatus } from '../../src/shared/permissions.js';
import { desktopSkipReason } from '../support/desktop.js';

const skip = desktopSkipReason();

describe.skipIf(skip !== '')('Linux permission checker on the private desktop', () => {
  it('reports accessibility granted when the AT-SPI bus is up and enabled, and the microphone granted', async () => {
    const bridge = AxBridge.open();
    // As the engine does at start: turn desktop accessibility on (what Orca does).
    expect((await bridge.permission({ prompt: true })).state).toBe('granted');
    const checker = createPermissionChecker(linuxPermissions({ bridgePermission: (deadlineMs) => bridge.permission({ deadlineMs }) }));
    const statuses = await checker.check();
    expect(statuses).toEqual([
      { kind: 'accessibility', state: 'granted', explanation: '', canOpenSettings: false },
      { kind: 'microphone', state: 'granted', explanation: '', canOpenSettings: false },
    ]);
    for (const s of statuses) permissionStatus.parse(s);
    expect(await checker.openSettings('accessibility')).toBe(false);
  });

  it('reports accessibility missing, with what to do, in a process that cannot reach the session bus', () => {
    const script = fileURLToPath(new URL('./permissions-linux-child.ts', import.meta.url));
    const env = { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/assistive-control-test-bus', AT_SPI_BUS_ADDRESS: '' };
    const started = Date.now();
    const r = spawnSync(process.execPath, ['--import', 'tsx', script], { env, encoding: 'utf8', timeout: 30_000 });
    expect(r.status, r.stderr).toBe(0);
    const [status] = JSON.parse(r.stdout.trim().split('\n').pop() ?? '[]') as unknown[];
    const parsed = permissionStatus.parse(status);
    expect(parsed.kind).toBe('accessibility');
    expect(parsed.state).not.toBe('granted');
    expect(parsed.explanation).toMatch(/bus|at-spi2-core/i);
    expect(parsed.explanation.length).toBeGreaterThan(40);
    console.log(`[permissions] no-bus check answered in ${Date.now() - started} ms (process start included): ${parsed.explanation}`);
  });
});

describe('Linux permission states from the bridge', () => {
  it('names the gsettings command when desktop accessibility is off', async () => {
    const checker = createPermissionChecker(linuxPermissions({ bridgePermission: async () => ({ state: 'denied', detail: 'off' }) }));
    const [status] = await checker.check(['accessibility']);
    expect(status?.state).toBe('denied');
    expect(status?.explanation).toContain(ENABLE_ACCESSIBILITY_COMMAND);
    expect(status?.canOpenSettings).toBe(false);
  });
});

describe('permission checker deadlines', () => {
  const hanging: PlatformPermissions = {
    check: (kind) => (kind === 'accessibility' ? new Promise(() => undefined) : Promise.reject(new Error('the system API failed'))),
    openSettings: () => Promise.reject(new Error('no pane')),
    canOpenSettings: () => true,
  };

  it('answers unknown with a sentence when a check does not settle in time or throws, and never throws itself', async () => {
    const checker = createPermissionChecker(hanging, 100);
    const started = performance.now();
    const [accessibility, microphone] = await checker.check();
    expect(performance.now() - started).toBeLessThan(1000);
    expect(accessibility).toMatchObject({ kind: 'accessibility', state: 'unknown', canOpenSettings: true });
    expect(accessibility?.explanation).toContain('no answer within 0.1 s');
    expect(microphone).toMatchObject({ kind: 'microphone', state: 'unknown' });
    expect(microphone?.explanation).toContain('the system API failed');
    expect(await checker.openSettings('microphone')).toBe(false);
  });

  it('a whole checker that never answers (main gone quiet across the process boundary) reads as unknown for each kind asked', async () => {
    const silent = boundedPermissionChecker({ check: () => new Promise(() => undefined), openSettings: () => new Promise(() => undefined) }, 100);
    const statuses = await silent.check(['accessibility']);
    expect(statuses).toHaveLength(1);
    expect(statuses[0]).toMatchObject({ kind: 'accessibility', state: 'unknown', canOpenSettings: false });
    expect(statuses[0]?.explanation).toContain('no answer within 0.1 s');
    permissionStatus.parse(statuses[0]);
    expect(await silent.openSettings('accessibility')).toBe(false);
  });
});

describe('macOS checker without node-mac-permissions (it does not install off macOS)', () => {
  it("loads nothing here, asks Electron's own check instead, and says what to do", async () => {
    expect(await loadMacPermissions()).toBeUndefined();
    const checker = createPermissionChecker(
      darwinPermissions({
        systemPreferences: { getMediaAccessStatus: () => 'granted', isTrustedAccessibilityClient: () => false },
        shell: { openExternal: async () => undefined },
      }),
    );
    const [accessibility] = await checker.check(['accessibility']);
    expect(accessibility?.state).toBe('not_determined');
    expect(accessibility?.explanation).toContain('System Settings › Privacy & Security › Accessibility');
    permissionStatus.parse(accessibility);
  });
});
