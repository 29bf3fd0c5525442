// The launch-name rules of macOS (issue #20 R10), run on Linux: the bridge lists the installed apps
// with every name each goes by, and matchAppName chooses.
import { describe, expect, it } from 'vitest';
import { AxBridge } from '../../../src/execution/accessibility/ax-bridge.js';
import type { NativeBridge } from '../../../src/execution/accessibility/native.js';
import { AccessibilityError } from '../../../src/execution/accessibility/types.js';
import { foldAppName, matchAppName, type InstalledApp } from '../../../src/execution/apps/app-names.js';

const app = (path: string, id: string, ...names: string[]): InstalledApp => ({ path, id, names });

const installed: InstalledApp[] = [
  app('/Applications/Safari.app', 'com.apple.Safari', 'Safari.app', 'Safari'),
  app('/System/Applications/Calculator.app', 'com.apple.calculator', 'Calculator.app', 'Calculette', 'Calculette'),
  app('/System/Applications/System Settings.app', 'com.apple.systempreferences', 'System Settings.app', 'Systemeinstellungen'),
  app('/System/Library/CoreServices/Finder.app', 'com.apple.finder', 'Finder.app', 'Finder'),
  app('/Applications/Google Chrome.app', 'com.google.Chrome', 'Google Chrome.app', 'Google Chrome'),
  app('/Applications/Adobe/Adobe Photoshop 2026.app', 'com.adobe.Photoshop', 'Adobe Photoshop 2026.app', 'Adobe Photoshop 2026'),
  app('/Applications/Adobe/Adobe Illustrator 2026.app', 'com.adobe.illustrator', 'Adobe Illustrator 2026.app', 'Adobe Illustrator 2026'),
  app('/Applications/Visual Studio Code.app', 'com.microsoft.VSCode', 'Visual Studio Code.app', 'Visual Studio Code'),
  app('/Applications/Café Manager.app', '', 'Café Manager.app', 'Café Manager'),
  app('/Users/me/Applications/Safari.app', 'com.apple.Safari', 'Safari.app', 'Safari'),
];

describe('foldAppName', () => {
  it('ignores case, accents, punctuation and a trailing .app', () => {
    expect(foldAppName('Café-Manager.app')).toBe('cafe manager');
    expect(foldAppName('  SYSTEM   Settings ')).toBe('system settings');
    expect(foldAppName('Straße')).toBe('strasse');
    expect(foldAppName('Ｓａｆａｒｉ')).toBe('safari');
  });
});

describe('matchAppName', () => {
  it('finds an app by its name in any case, with or without .app', () => {
    for (const said of ['safari', 'Safari', 'SAFARI.app']) {
      const m = matchAppName(said, installed);
      expect(m).toEqual({ kind: 'found', app: installed[0] });
    }
  });

  it('finds an app by its localized name and by its bundle id', () => {
    expect(matchAppName('calculette', installed)).toMatchObject({ kind: 'found', app: { id: 'com.apple.calculator' } });
    expect(matchAppName('Systemeinstellungen', installed)).toMatchObject({ kind: 'found', app: { id: 'com.apple.systempreferences' } });
    expect(matchAppName('com.apple.finder', installed)).toMatchObject({ kind: 'found', app: { id: 'com.apple.finder' } });
  });

  it('finds Finder (CoreServices) and apps in subfolders, accents or not', () => {
    expect(matchAppName('finder', installed)).toMatchObject({ kind: 'found', app: { path: '/System/Library/CoreServices/Finder.app' } });
    expect(matchAppName('adobe photoshop 2026', installed)).toMatchObject({ kind: 'found', app: { id: 'com.adobe.Photoshop' } });
    expect(matchAppName('cafe manager', installed)).toMatchObject({ kind: 'found', app: { path: '/Applications/Café Manager.app' } });
  });

  it('takes the one app whose name holds the words said', () => {
    expect(matchAppName('chrome', installed)).toMatchObject({ kind: 'found', app: { id: 'com.google.Chrome' } });
    expect(matchAppName('photoshop', installed)).toMatchObject({ kind: 'found', app: { id: 'com.adobe.Photoshop' } });
    expect(matchAppName('studio code', installed)).toMatchObject({ kind: 'found', app: { id: 'com.microsoft.VSCode' } });
  });

  it('prefers whole words over a part of a word, and counts one app in two folders once', () => {
    const apps = [app('/Applications/Notes.app', 'com.apple.Notes', 'Notes'), app('/Applications/Keynote.app', 'com.apple.iWork.Keynote', 'Keynote')];
    expect(matchAppName('note', apps)).toMatchObject({ kind: 'ambiguous' });
    expect(matchAppName('notes', apps)).toMatchObject({ kind: 'found', app: { id: 'com.apple.Notes' } });
    expect(matchAppName('safari', installed)).toMatchObject({ kind: 'found', app: { path: '/Applications/Safari.app' } });
  });

  it('says when several apps match, naming them, and when none does', () => {
    const m = matchAppName('adobe', installed);
    expect(m.kind).toBe('ambiguous');
    if (m.kind === 'ambiguous') {
      expect(m.message).toBe("Several applications match 'adobe' (Adobe Photoshop 2026, Adobe Illustrator 2026): say which one.");
      expect(m.apps).toHaveLength(2);
    }
    expect(matchAppName('spreadsheet wizard', installed)).toEqual({
      kind: 'none',
      message: "No installed application is called 'spreadsheet wizard': check the spelling, or install it first.",
    });
    expect(matchAppName('  ', installed)).toEqual({ kind: 'none', message: 'Say the name of the application to open.' });
  });
});

describe('AxBridge.launchApp by name on macOS', () => {
  const fake = (platform: 'linux' | 'darwin') => {
    const launched: Array<[string, string]> = [];
    const native = {
      platform,
      installedApps: () => Promise.resolve(installed.map((a) => ({ path: a.path, id: a.id, names: [...a.names] }))),
      launchApp: (by: string, what: string) => {
        launched.push([by, what]);
        return Promise.resolve({ pid: 42, name: what, id: '' });
      },
    };
    return { bridge: new AxBridge(native as unknown as NativeBridge), launched };
  };

  it('matches the name in TypeScript and starts the chosen bundle by its path', async () => {
    const { bridge, launched } = fake('darwin');
    await bridge.launchApp({ name: 'Calculette' });
    await bridge.launchApp({ id: 'com.apple.Safari' });
    expect(launched).toEqual([
      ['path', '/System/Applications/Calculator.app'],
      ['id', 'com.apple.Safari'],
    ]);
    const error = await bridge.launchApp({ name: 'adobe' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AccessibilityError);
    expect(error).toMatchObject({
      code: 'not_found',
      message: "Several applications match 'adobe' (Adobe Photoshop 2026, Adobe Illustrator 2026): say which one.",
    });
  });

  it('asks Launch Services (the addon, by name) for an app outside the application folders, and keeps the sentence when it knows none either', async () => {
    const { bridge, launched } = fake('darwin');
    const found = await bridge.launchApp({ name: 'My Build' });
    expect(found.pid).toBe(42);
    expect(launched).toEqual([['name', 'My Build']]);
    const native = {
      platform: 'darwin',
      installedApps: () => Promise.resolve([]),
      launchApp: () => Promise.reject(Object.assign(new Error('no such app'), { code: 'not_found' })),
    };
    const error = await new AxBridge(native as unknown as NativeBridge).launchApp({ name: 'Nothing Here' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'not_found', message: "No installed application is called 'Nothing Here': check the spelling, or install it first." });
  });

  it('leaves names to the Linux bridge', async () => {
    const { bridge, launched } = fake('linux');
    await bridge.launchApp({ name: 'gedit' });
    expect(launched).toEqual([['name', 'gedit']]);
  });
});
