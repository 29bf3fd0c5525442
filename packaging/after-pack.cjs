// @ts-check
/**
 * electron-builder's afterPack hook (electron-builder.config.cjs): flips Electron's fuses in the
 * packaged Electron binary, after the app is copied in and before it is signed (a fuse changes the
 * binary, so the signature must come after). Written against @electron/fuses 2.x (flipFuses,
 * FuseVersion, FuseV1Options; ES modules only); never run on this project's machines (docs/decisions/0137-packaging-electron-builder-25-1-8-appimage-deb.md).
 */
'use strict';
// eslint-disable-next-line @typescript-eslint/no-require-imports -- electron-builder loads this hook with require().
const path = require('node:path');

/**
 * The fuses set, by their names in @electron/fuses' FuseV1Options. The others keep Electron's
 * defaults.
 * @type {Readonly<Record<string, boolean>>}
 */
const FUSES = Object.freeze({
  // ELECTRON_RUN_AS_NODE would turn the signed app into a plain Node.js that runs any script (on
  // Linux it is on: fusesFor).
  RunAsNode: false,
  EnableCookieEncryption: true,
  EnableNodeOptionsEnvironmentVariable: false,
  EnableNodeCliInspectArguments: false,
  // With OnlyLoadAppFromAsar: only the app.asar whose hash electron-builder wrote into the app runs.
  EnableEmbeddedAsarIntegrityValidation: true,
  OnlyLoadAppFromAsar: true,
  // The panel and the overlay are served from the app:// scheme; nothing needs file:// privileges.
  GrantFileProtocolExtraPrivileges: false,
});

/**
 * The fuses for a platform. On Linux RunAsNode stays on: the package's command line
 * (packaging/linux/assistive-control) runs on the package's own Electron as Node, and there no
 * permission is bound to the app's signature that a script run that way could borrow. On macOS the
 * Accessibility and Microphone permissions belong to the signed app, so it stays off there.
 * @param {string} electronPlatformName
 * @returns {Readonly<Record<string, boolean>>}
 */
function fusesFor(electronPlatformName) {
  return electronPlatformName === 'linux' ? Object.freeze({ ...FUSES, RunAsNode: true }) : FUSES;
}

/** electron-builder's number for arm64 (its Arch enum). */
const ARCH_ARM64 = 3;

/**
 * The Electron binary electron-builder packaged: the .app bundle on macOS, the executable elsewhere.
 * @param {import('app-builder-lib').AfterPackContext} context
 * @returns {string}
 */
function electronBinary(context) {
  const { appOutDir, electronPlatformName, packager } = context;
  const name = packager.appInfo.productFilename;
  if (electronPlatformName === 'darwin' || electronPlatformName === 'mas') return path.join(appOutDir, `${name}.app`);
  if (electronPlatformName === 'win32') return path.join(appOutDir, `${name}.exe`);
  return path.join(appOutDir, /** @type {{ executableName: string }} */ (/** @type {unknown} */ (packager)).executableName);
}

/**
 * Flips FUSES in the packaged binary. `fuses` is @electron/fuses; a test passes a stand-in.
 * @param {import('app-builder-lib').AfterPackContext} context
 * @param {Pick<typeof import('@electron/fuses'), 'flipFuses' | 'FuseVersion' | 'FuseV1Options'>} [fuses]
 * @returns {Promise<void>}
 */
async function afterPack(context, fuses) {
  // @electron/fuses 2 is ES modules only: imported, and only when electron-builder calls the hook.
  fuses ??= await import('@electron/fuses');
  /** @type {Record<string, unknown>} */
  const config = {
    version: fuses.FuseVersion.V1,
    // Apple silicon refuses a binary whose ad-hoc signature no longer matches; the real signature
    // comes later, when electron-builder signs the app.
    resetAdHocDarwinSignature: context.electronPlatformName === 'darwin' && context.arch === ARCH_ARM64,
  };
  for (const [name, value] of Object.entries(fusesFor(context.electronPlatformName))) {
    const wire = /** @type {Record<string, number | undefined>} */ (/** @type {unknown} */ (fuses.FuseV1Options))[name];
    if (wire === undefined) throw new Error(`@electron/fuses has no fuse named ${name}: correct the name in packaging/after-pack.cjs, or update @electron/fuses.`);
    config[wire] = value;
  }
  await fuses.flipFuses(electronBinary(context), /** @type {import('@electron/fuses').FuseConfig} */ (/** @type {unknown} */ (config)));
}

module.exports = { afterPack, FUSES, fusesFor, electronBinary };
