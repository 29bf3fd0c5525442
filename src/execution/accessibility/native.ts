/**
 * Loads the native addon (native/ax-bridge), or explains in one sentence why it cannot.
 *
 * Only this file may load the addon; the layering check forbids it outside src/execution.
 */
import { createRequire } from 'node:module';
import { AccessibilityError, type WindowList, type WindowRequest } from './types.js';

/** The addon's raw interface (native/ax-bridge/src/addon.cc). Arguments are checked before these run. */
export interface NativeBridge {
  readonly platform: 'linux' | 'darwin';
  permission(prompt: boolean, deadlineMs: number): Promise<{ state: string; detail: string }>;
  frontmostApp(deadlineMs: number): Promise<NativeApp>;
  runningApps(deadlineMs: number): Promise<NativeApp[]>;
  /** by 'path' (an installed app's bundle path) on macOS only. */
  launchApp(by: 'id' | 'name' | 'path', what: string, deadlineMs: number): Promise<{ pid: number; name: string; id: string; menuBarOnly?: boolean }>;
  /** macOS: the installed apps with every name each goes by; elsewhere rejects with `unsupported`. */
  installedApps?: (deadlineMs: number) => Promise<Array<{ path: string; id: string; names: string[] }>>;
  snapshot(
    pid: number,
    focusedWindowOnly: boolean,
    maxDepth: number,
    maxNodes: number,
    showingOnly: boolean,
    useCache: boolean,
    deadlineMs: number,
    useMirror: boolean,
    liveBounds: boolean,
  ): Promise<NativeSnapshot>;
  performAction(generation: number, id: number, action: string, deadlineMs: number): Promise<void>;
  setValue(generation: number, id: number, value: string, deadlineMs: number): Promise<void>;
  readValue(generation: number, id: number, deadlineMs: number): Promise<string | null>;
  insertText(generation: number, id: number, text: string, at: 'caret' | 'end', deadlineMs: number): Promise<{ start: number; end: number; caret: number }>;
  /** Linux only for now: elsewhere it rejects as unsupported. */
  textSelection(generation: number, id: number, deadlineMs: number): Promise<{ caret: number; start: number; end: number }>;
  /** Selects [start, end) in code points (start === end: the caret there) and reads it back; absent from a bridge built before it. */
  setTextSelection?: (generation: number, id: number, start: number, end: number, deadlineMs: number) => Promise<{ caret: number; start: number; end: number }>;
  activateApp(pid: number, deadlineMs: number): Promise<void>;
  /** The pid owning the window with the keyboard as the window system says; 0: none named; -1: cannot tell. */
  keyboardOwner(deadlineMs: number): Promise<number>;
  /** The top-level windows (EWMH on X11); rejects as unsupported where there is none. */
  listWindows(deadlineMs: number): Promise<WindowList>;
  windowCommand(window: number, command: WindowRequest, x: number, y: number, width: number, height: number, deadlineMs: number): Promise<void>;
  setEventListener(listener: ((event: NativeEvent) => void) | null): Promise<void>;
  ping(): Promise<void>;
  vocabulary(): { roles: string[]; actions: string[]; states: string[] };
  /** Holds exactly these switch keys system-wide (native/ax-bridge/include/key_grab.h); [] lets all go. */
  grabKeys(keys: string[]): Promise<Array<{ key: string; problem: string }>>;
  setKeyListener(listener: ((report: { key: string; edge: string }) => void) | null): void;
  /** Starts the watch of the user's own key presses (include/key_watch.h) and sets the keys it never counts. */
  watchUserKeys?: (ignored: string[]) => void;
  /** The watch's count, read without waiting. */
  userKeys?: () => { presses: number; seen: number; watching: boolean; problem: string };
  /** macOS only: one Unicode key event (down and up) carrying at most 20 UTF-16 units. */
  typeUnicode?: (text: string) => void;
  /** macOS only: one key event whose flags carry the modifiers; virtualKey -1: the key typing `character`. */
  postKeyChord?: (virtualKey: number, character: string, flags: number) => void;
  /** macOS only: whether posted input reaches apps (the Accessibility permission). */
  inputTrusted?: () => boolean;
  /** macOS only: a picture of the front window of `pid` within the area (RGBA rows, opaque; window-capture.ts). */
  captureWindow?: (pid: number, x: number, y: number, width: number, height: number, deadlineMs: number) => Promise<NativePicture>;
}

export interface NativePicture {
  width: number;
  height: number;
  area: { x: number; y: number; width: number; height: number };
  rgba: Uint8Array;
}

export interface NativeApp {
  pid: number;
  name: string;
  bundleId: string | null;
  frontmost: boolean;
  responding: boolean;
}

export interface NativeElement {
  id: number;
  role: string;
  platformRole: string;
  name: string;
  description: string;
  value: string | null;
  bounds: { x: number; y: number; width: number; height: number } | null;
  states: string[];
  actions: string[];
  /** Key bindings the element's actions declare; absent when none. */
  keys?: string[];
  parent: number | null;
  depth: number;
  visiblePart?: {
    firstRow: number | null;
    lastRow: number | null;
    firstColumn: number | null;
    lastColumn: number | null;
    rows: number | null;
    columns: number | null;
    items: number;
    itemCount: number | null;
  };
}

export interface NativeSnapshot {
  generation: number;
  pid: number;
  app: string;
  truncated: string;
  /** 'app_cache', 'mirror' or 'walk'; older builds leave it out. */
  source?: string;
  elements: NativeElement[];
}

export interface NativeEvent {
  type: string;
  pid: number;
  app: string;
  role: string;
  name: string;
}

const BUILD_HINT: Readonly<Record<string, string>> = {
  linux: 'run `bash scripts/setup.sh` (it installs libatspi2.0-dev and the compiler), then `npm run build:native`',
  darwin: 'install the Xcode command-line tools (`xcode-select --install`), then run `npm run build:native`',
};

let cached: NativeBridge | undefined;

/** The addon, loaded once per process. Throws AccessibilityError('not_built' | 'unavailable'). */
export function loadNativeBridge(): NativeBridge {
  if (cached) return cached;
  const hint = BUILD_HINT[process.platform];
  if (!hint) {
    throw new AccessibilityError(
      'unavailable',
      `Assistive Control cannot control other applications on ${process.platform} yet (macOS and Linux are supported; Windows is planned): you can still plan commands, but not carry them out.`,
    );
  }
  const require = createRequire(import.meta.url);
  // The node-gyp-build order: a local build first (made for this machine), then the binary the
  // package ships for this platform. Both paths are relative to this module, three folders below the
  // root, as the bundles that include it are.
  let error: unknown;
  for (const candidate of ['../../../native/ax-bridge/build/Release/ax_bridge.node', `../../../prebuilds/${process.platform}-${process.arch}/ax_bridge.node`]) {
    try {
      cached = require(candidate) as NativeBridge;
      return cached;
    } catch (e) {
      // A missing candidate says less than one that is there and fails to load: keep the latter.
      if (error === undefined || (error as { code?: string }).code === 'MODULE_NOT_FOUND') error = e;
    }
  }
  const detail = error instanceof Error ? error.message.split('\n')[0] : String(error);
  const missing = (error as { code?: string }).code === 'MODULE_NOT_FOUND';
  throw new AccessibilityError(
    'not_built',
    missing ? `The accessibility bridge is not built on this machine: ${hint}.` : `The accessibility bridge is built but cannot load (${detail}): ${hint}.`,
  );
}
