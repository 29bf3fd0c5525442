// The input driver's checks and tables that need no desktop: the display check (nut-js crashes
// the process without a display), and which characters are typed by keys on which layout.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createNutInputDriver, displayProblem } from '../../../src/execution/input/input-driver.js';
import { KEY_TO_NUT, keyStrokeFor, modifierKey } from '../../../src/execution/input/keymap.js';
import { KEY_NAMES } from '../../../src/shared/keys.js';
import { ExecutionError } from '../../../src/execution/results.js';

describe('display check', () => {
  it('explains a missing display, a Wayland-only session and a display that is not running', async () => {
    expect(await displayProblem({}, 'linux')).toMatch(/^There is no display to send mouse and keyboard input to \(DISPLAY is not set\)/);
    expect(await displayProblem({ WAYLAND_DISPLAY: 'wayland-0' }, 'linux')).toMatch(/Wayland session has no XWayland/);
    // The session type alone says Wayland too (issue #16).
    expect(await displayProblem({ XDG_SESSION_TYPE: 'wayland' }, 'linux')).toMatch(/Wayland session has no XWayland/);
    expect(await displayProblem({ DISPLAY: ':4242' }, 'linux')).toBe(
      'The display :4242 is not running (no X server answers there): start Assistive Control from inside your desktop session.',
    );
    expect(await displayProblem({ DISPLAY: 'nonsense' }, 'linux')).toMatch(/is not one the assistant understands/);
    expect(await displayProblem({}, 'darwin')).toBeUndefined();
  });

  it('fails with "no display" instead of loading nut-js', async () => {
    const driver = createNutInputDriver({ env: {}, platform: 'linux' });
    const error = await driver.moveTo({ x: 1, y: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExecutionError);
    expect((error as ExecutionError).code).toBe('no_display');
  });

  it('never crashes a process that has no display: the engine answers with a failure', () => {
    const script = fileURLToPath(new URL('../no-display-child.ts', import.meta.url));
    const env = { ...process.env, DISPLAY: '', WAYLAND_DISPLAY: '', XDG_SESSION_TYPE: '' };
    const r = spawnSync(process.execPath, ['--import', 'tsx', script], { env, encoding: 'utf8', timeout: 30_000 });
    expect(r.signal).toBeNull();
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout.trim().split('\n').pop() ?? '{}')).toEqual({
      kind: 'failure',
      code: 'no_display',
      reason: 'There is no display to send mouse and keyboard input to (DISPLAY is not set): start Assistive Control from inside your desktop session.',
    });
  });
});

describe('key tables', () => {
  it('has a key for every key name planners may use', () => {
    expect(KEY_NAMES.filter((k) => !KEY_TO_NUT[k])).toEqual([]);
  });

  it('maps cmd to Ctrl on Linux and to ⌘ on macOS; fn cannot be pressed', () => {
    expect(modifierKey('cmd', 'linux')).toBe('LeftControl');
    expect(modifierKey('cmd', 'darwin')).toBe('LeftCmd');
    expect(modifierKey('fn', 'linux')).toBeUndefined();
  });

  it('types every printable ASCII character by keys on a US layout, with Shift where it belongs', () => {
    for (let c = 0x20; c < 0x7f; c++) expect(keyStrokeFor(String.fromCharCode(c), true), String.fromCharCode(c)).toBeDefined();
    expect(keyStrokeFor('!', true)).toEqual({ key: 'Num1', shift: true });
    expect(keyStrokeFor('1', true)).toEqual({ key: 'Num1', shift: false });
    expect(keyStrokeFor('~', true)).toEqual({ key: 'Grave', shift: true });
    expect(keyStrokeFor('Q', true)).toEqual({ key: 'Q', shift: true });
  });

  it('types only letters and spaces by keys on another layout, and no non-ASCII anywhere', () => {
    expect(keyStrokeFor('a', false)).toEqual({ key: 'A', shift: false });
    expect(keyStrokeFor(' ', false)).toEqual({ key: 'Space', shift: false });
    for (const ch of ['1', '!', '@', '-', 'é', '€']) expect(keyStrokeFor(ch, false), ch).toBeUndefined();
    for (const ch of ['é', 'ä', '€', '日']) expect(keyStrokeFor(ch, true), ch).toBeUndefined();
  });
});
