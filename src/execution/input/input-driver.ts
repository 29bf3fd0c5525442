/**
 * The input driver: synthesized pointer and keyboard input (XTest on Linux, CGEvent on macOS)
 * through @nut-tree-fork/nut-js.
 *
 * nut-js is loaded on first use, and only after checking that there is a display to send input to:
 * on Linux without one its first call crashes the whole process (SIGSEGV). Its built-in delays
 * (300 ms per key, 100 ms per mouse call) are turned off; the engine waits where waiting is needed.
 * Every failure is an ExecutionError whose message the user can act on.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import type { CanonicalModifier } from '../../shared/keys.js';
import { planMacChord, type MacChord } from './mac-keys.js';
import { planUnicodeTyping, untypableAsUnicode } from './unicode-typing.js';
import { ExecutionError } from '../results.js';
import { isWaylandSession } from '../../shared/display-session.js';
import { KEY_TO_NUT, inputPlatformOf, keyStrokeFor, modifierKey, type InputPlatform, type KeyStroke } from './keymap.js';
import { errorMessage } from '../../shared/errors.js';

export interface ScreenPoint {
  readonly x: number;
  readonly y: number;
}

export type MouseButton = 'left' | 'right';
export type ScrollDirection = 'up' | 'down' | 'left' | 'right';

/** What the engine needs from synthesized input. Tests and other platforms implement the same. */
export interface InputDriver {
  /** Where the pointer is now. */
  pointer(): Promise<ScreenPoint>;
  moveTo(point: ScreenPoint): Promise<void>;
  /** `count` clicks in quick succession (2 = a double click). */
  click(button: MouseButton, count: number): Promise<void>;
  pressButton(button: MouseButton): Promise<void>;
  releaseButton(button: MouseButton): Promise<void>;
  /** Wheel steps at the pointer. */
  scroll(direction: ScrollDirection, steps: number): Promise<void>;
  /** Presses and releases a key (a name of src/shared/keys.ts) with modifiers held. */
  pressChord(key: string, modifiers: readonly CanonicalModifier[]): Promise<void>;
  /** The characters of `text` this driver cannot type exactly by keys here (empty: all can be). */
  untypableByKeys(text: string): Promise<readonly string[]>;
  /** Types text by keys; call only when `untypableByKeys` is empty. */
  typeByKeys(text: string): Promise<void>;
}

/** Why no input can be sent on this machine, or undefined when a display is there. */
export async function displayProblem(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): Promise<string | undefined> {
  if (platform !== 'linux') return undefined;
  const display = env.DISPLAY ?? '';
  if (display === '') {
    return isWaylandSession(env)
      ? 'There is no X display to send mouse and keyboard input to: this Wayland session has no XWayland (DISPLAY is not set). Log in to an "Xorg" session, or enable XWayland.'
      : 'There is no display to send mouse and keyboard input to (DISPLAY is not set): start Assistive Control from inside your desktop session.';
  }
  const m = /^([^:]*):(\d+)(?:\.\d+)?$/.exec(display);
  if (!m)
    return `The display name "${display}" is not one the assistant understands (DISPLAY should look like ":0"): start Assistive Control from inside your desktop session.`;
  const host = m[1] ?? '';
  const number = Number(m[2]);
  if (host === '' || host === 'unix') {
    // The X server's socket; Linux servers also listen on an abstract socket of the same name.
    if (existsSync(`/tmp/.X11-unix/X${number}`)) return undefined;
    return `The display ${display} is not running (no X server answers there): start Assistive Control from inside your desktop session.`;
  }
  const reachable = await new Promise<boolean>((resolve) => {
    const socket = connect({ host, port: 6000 + number, timeout: 1000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
  return reachable ? undefined : `The display ${display} does not answer: start Assistive Control from inside your desktop session.`;
}

/** The X keyboard layout and variant ("us", ""), read from the root window; undefined when unknown. */
async function x11Layout(env: NodeJS.ProcessEnv): Promise<{ layout: string; variant: string } | undefined> {
  return new Promise((resolve) => {
    execFile('xprop', ['-root', '_XKB_RULES_NAMES'], { env, timeout: 1000 }, (error, stdout) => {
      if (error) return resolve(undefined);
      // _XKB_RULES_NAMES(STRING) = "evdev", "pc105", "us", "", ""
      const values = [...stdout.matchAll(/"([^"]*)"/g)].map((x) => x[1] ?? '');
      resolve(values.length >= 3 ? { layout: values[2] ?? '', variant: values[3] ?? '' } : undefined);
    });
  });
}

/** The parts of nut-js the driver uses (its provider interfaces, without per-call sleeps). */
interface NutModule {
  readonly Key: Record<string, number | string>;
  readonly Button: { readonly LEFT: number; readonly RIGHT: number };
  readonly Point: new (x: number, y: number) => ScreenPoint;
  readonly keyboard: { config: { autoDelayMs: number } };
  readonly mouse: { config: { autoDelayMs: number } };
  readonly providerRegistry: {
    getKeyboard(): {
      setKeyboardDelay(ms: number): void;
      pressKey(...keys: number[]): Promise<void>;
      releaseKey(...keys: number[]): Promise<void>;
      type(text: string): Promise<void>;
    };
    getMouse(): {
      setMouseDelay(ms: number): void;
      setMousePosition(p: ScreenPoint): Promise<void>;
      currentMousePosition(): Promise<ScreenPoint>;
      click(button: number): Promise<void>;
      doubleClick(button: number): Promise<void>;
      pressButton(button: number): Promise<void>;
      releaseButton(button: number): Promise<void>;
      scrollUp(n: number): Promise<void>;
      scrollDown(n: number): Promise<void>;
      scrollLeft(n: number): Promise<void>;
      scrollRight(n: number): Promise<void>;
    };
  };
}

export interface NutDriverOptions {
  readonly env?: NodeJS.ProcessEnv;
  readonly platform?: NodeJS.Platform;
  /**
   * macOS: posts one Unicode key event (down and up) carrying `text` (at most 20 UTF-16 units) —
   * the native bridge's typeUnicode. With it, typing honours any keyboard layout; without it (or on
   * another platform) characters go as US key codes.
   */
  readonly typeUnicode?: (text: string) => Promise<void>;
  /**
   * macOS: posts one key event whose flags carry the modifiers (the bridge's postKeyChord). With it,
   * chords are one event (⌘C reliably), and a character's key is found on the live layout.
   */
  readonly postChord?: (chord: MacChord) => Promise<void>;
  /** macOS: whether posted input reaches apps; false makes every input call a sentence, not a silent no-op. */
  readonly inputTrusted?: () => boolean;
}

/** What the user reads when macOS would drop the input (no Accessibility permission). */
export const MAC_INPUT_NOT_ALLOWED =
  'Assistive Control may not send mouse and keyboard input: open System Settings → Privacy & Security → Accessibility and enable Assistive Control (or the terminal you started it from), then try again.';

/** The nut-js input driver. Creating it loads nothing; the first call checks the display and loads nut-js. */
export function createNutInputDriver(options: NutDriverOptions = {}): InputDriver {
  const env = options.env ?? process.env;
  const platform = options.platform ?? process.platform;
  const inputPlatform: InputPlatform = inputPlatformOf(platform);
  // Unicode key events where the platform has them (macOS) and the bridge offers them.
  const unicode = inputPlatform === 'darwin' ? options.typeUnicode : undefined;
  const postChord = inputPlatform === 'darwin' ? options.postChord : undefined;
  const inputTrusted = inputPlatform === 'darwin' ? options.inputTrusted : undefined;
  let loading: Promise<NutModule> | undefined;
  let usLayout: Promise<boolean> | undefined;

  const load = (): Promise<NutModule> => {
    loading ??= (async () => {
      const problem = await displayProblem(env, platform);
      if (problem) throw new ExecutionError('no_display', problem);
      let nut: NutModule;
      try {
        nut = (await import('@nut-tree-fork/nut-js')) as unknown as NutModule;
      } catch (e) {
        throw new ExecutionError('no_display', `Mouse and keyboard input is not available on this machine (${errorMessage(e)}): reinstall Assistive Control.`);
      }
      nut.keyboard.config.autoDelayMs = 0;
      nut.mouse.config.autoDelayMs = 0;
      nut.providerRegistry.getKeyboard().setKeyboardDelay(0);
      nut.providerRegistry.getMouse().setMouseDelay(0);
      return nut;
    })();
    // A failed check is not cached: the user may fix it (start the session) and try again.
    loading.catch(() => (loading = undefined));
    return loading;
  };

  const isUsLayout = (): Promise<boolean> => {
    // Key codes are US key codes: right only on a US layout. macOS without Unicode events cannot
    // tell its layout here, so it is not assumed to be US (characters that differ are refused).
    usLayout ??= inputPlatform === 'darwin' ? Promise.resolve(false) : x11Layout(env).then((l) => l?.layout === 'us' && l.variant === '');
    return usLayout;
  };

  const keyCode = (nut: NutModule, name: string): number => {
    const code = nut.Key[name];
    if (typeof code !== 'number') throw new ExecutionError('unsupported', `The key "${name}" cannot be pressed on this computer.`);
    return code;
  };

  const button = (nut: NutModule, b: MouseButton): number => (b === 'left' ? nut.Button.LEFT : nut.Button.RIGHT);

  /** Runs one nut-js call, turning its errors into sentences. */
  const act = async <T>(what: string, f: (nut: NutModule) => Promise<T>): Promise<T> => {
    const nut = await load();
    // macOS drops input from a process without the Accessibility permission and says nothing.
    if (inputTrusted && !inputTrusted()) throw new ExecutionError('no_display', MAC_INPUT_NOT_ALLOWED);
    try {
      return await f(nut);
    } catch (e) {
      if (e instanceof ExecutionError) throw e;
      const text = errorMessage(e);
      if (/permission|accessibility|trusted/i.test(text)) {
        throw new ExecutionError(
          'no_display',
          'Assistive Control may not send mouse and keyboard input: open System Settings → Privacy & Security → Accessibility and enable Assistive Control.',
        );
      }
      throw new ExecutionError('failed', `Could not ${what} (${text}).`);
    }
  };

  const strokes = async (text: string): Promise<{ strokes: KeyStroke[]; missing: string[] }> => {
    const us = await isUsLayout();
    const out: KeyStroke[] = [];
    const missing: string[] = [];
    for (const ch of text) {
      const s = keyStrokeFor(ch, us);
      if (s) out.push(s);
      else if (!missing.includes(ch)) missing.push(ch);
    }
    return { strokes: out, missing };
  };

  return {
    pointer: () =>
      act('read the pointer position', async (nut) => {
        const p = await nut.providerRegistry.getMouse().currentMousePosition();
        return { x: p.x, y: p.y };
      }),
    moveTo: (point) =>
      act('move the pointer', (nut) => nut.providerRegistry.getMouse().setMousePosition(new nut.Point(Math.round(point.x), Math.round(point.y)))),
    click: (b, count) =>
      act('click', async (nut) => {
        const mouse = nut.providerRegistry.getMouse();
        // A pair of clicks goes out as libnut's native double click: both clicks leave from C, close
        // together, so a busy machine cannot stretch them past the toolkit's double-click time.
        let left = count;
        if (left >= 2) {
          await mouse.doubleClick(button(nut, b));
          left -= 2;
        }
        for (; left > 0; left--) await mouse.click(button(nut, b));
      }),
    pressButton: (b) => act('press the mouse button', (nut) => nut.providerRegistry.getMouse().pressButton(button(nut, b))),
    releaseButton: (b) => act('release the mouse button', (nut) => nut.providerRegistry.getMouse().releaseButton(button(nut, b))),
    scroll: (direction, steps) =>
      act('scroll', async (nut) => {
        const mouse = nut.providerRegistry.getMouse();
        if (direction === 'up') await mouse.scrollUp(steps);
        else if (direction === 'down') await mouse.scrollDown(steps);
        else if (direction === 'left') await mouse.scrollLeft(steps);
        else await mouse.scrollRight(steps);
      }),
    pressChord: (key, modifiers) =>
      act(`press ${key}`, async (nut) => {
        // macOS: one event, the modifiers in its flags (mac-keys.ts).
        if (postChord) return postChord(planMacChord(key, modifiers));
        const name = KEY_TO_NUT[key];
        if (!name) throw new ExecutionError('unsupported', `"${key}" is not a key the assistant knows.`);
        const mods: number[] = [];
        for (const m of modifiers) {
          const mk = modifierKey(m, inputPlatform);
          if (!mk)
            throw new ExecutionError(
              'unsupported',
              `The ${m} key is part of the keyboard's hardware and cannot be pressed by software: press the key without it, or use its own key (such as page_down).`,
            );
          const code = keyCode(nut, mk);
          if (!mods.includes(code)) mods.push(code);
        }
        const kb = nut.providerRegistry.getKeyboard();
        const k = keyCode(nut, name);
        for (const m of mods) await kb.pressKey(m);
        try {
          await kb.pressKey(k);
          await kb.releaseKey(k);
        } finally {
          // Never leave a modifier held down: the user's next real key press would be a shortcut.
          for (const m of [...mods].reverse()) await kb.releaseKey(m);
        }
      }),
    untypableByKeys: async (text) => (unicode ? untypableAsUnicode(text) : (await strokes(text)).missing),
    typeByKeys: (text) =>
      act('type', async (nut) => {
        if (unicode) {
          const missing = untypableAsUnicode(text);
          if (missing.length > 0)
            throw new ExecutionError(
              'unsupported',
              `These characters cannot be typed: ${missing.map((c) => `U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`).join(' ')}.`,
            );
          const kb = nut.providerRegistry.getKeyboard();
          for (const step of planUnicodeTyping(text)) {
            if (step.kind === 'text') {
              await unicode(step.text);
              continue;
            }
            if (postChord) {
              await postChord(planMacChord(step.key, []));
              continue;
            }
            const k = keyCode(nut, KEY_TO_NUT[step.key] ?? '');
            await kb.pressKey(k);
            await kb.releaseKey(k);
          }
          return;
        }
        const { strokes: list, missing } = await strokes(text);
        if (missing.length > 0) throw new ExecutionError('unsupported', `These characters cannot be typed by keys here: ${missing.join(' ')}.`);
        const kb = nut.providerRegistry.getKeyboard();
        const shift = keyCode(nut, 'LeftShift');
        let shiftDown = false;
        try {
          for (const s of list) {
            if (s.shift !== shiftDown) {
              await (s.shift ? kb.pressKey(shift) : kb.releaseKey(shift));
              shiftDown = s.shift;
            }
            const k = keyCode(nut, s.key);
            await kb.pressKey(k);
            await kb.releaseKey(k);
          }
        } finally {
          if (shiftDown) await kb.releaseKey(shift);
        }
      }),
  };
}
