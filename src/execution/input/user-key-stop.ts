/**
 * The user's own keys stop the assistant (issue #31), as moving the pointer does (pointer-trail.ts):
 * a key the user presses while the assistant types, clicks or presses keys means the user took over,
 * and nothing more is sent. The keys the assistant sends itself never count: the bridge tells them
 * apart by where each key came from (src/execution/accessibility/user-keys.ts).
 *
 * `UserKeyWatch.begin` marks the start of an action (the composer calls it before each engine call);
 * `stopOnUserKeys` wraps the input driver so that each key, click, scroll and pointer move first looks
 * whether a key was pressed since, and text is typed a few characters at a time with that look
 * between them. Letting go of a mouse button is never stopped.
 */
import type { UserKeySource } from '../accessibility/user-keys.js';
import { ExecutionError } from '../results.js';
import type { InputDriver } from './input-driver.js';
import type { KeyGrabber } from './switch-keys.js';

/** Characters typed between two looks at the user's keys. */
export const TYPING_CHUNK = 4;

const GO_ON = 'Give the command again to go on.';

export class UserKeyWatch {
  /** The count at the start of the action; undefined while the watch was not hearing keys yet. */
  private mark: number | undefined;

  constructor(
    private readonly source: UserKeySource,
    /** The keys never counted, read at each start: the switch keys held for the scan. */
    private readonly ignored: () => readonly string[] = () => [],
  ) {}

  /** An action starts: only keys pressed from now on count. */
  begin(): void {
    this.source.watch(this.ignored());
    const now = this.source.read();
    this.mark = now.watching ? now.presses : undefined;
  }

  /** Whether the user pressed a key since `begin`. */
  pressed(): boolean {
    const now = this.source.read();
    if (!now.watching) return false;
    // The watch started hearing keys during this action: count from the first reading that can.
    if (this.mark === undefined) this.mark = now.presses;
    return now.presses > this.mark;
  }

  /** Why keys cannot stop the assistant here, as a clause; undefined when they can (or the watch is starting). */
  problem(): string | undefined {
    return this.source.read().problem || undefined;
  }
}

/**
 * The switch keys never count as the user taking over, whether held this moment or not: the shell
 * lets go of them while the panel has the focus (where a command is given) and holds them again once
 * the command brought another app to the front. So every key held once in this process is left out
 * (a key that stops being a switch stays left out until the app starts again), and the watch learns
 * of a key before it is held, so that no press of it can come first.
 */
export function switchKeysLeftOut(grabber: KeyGrabber, source: UserKeySource): { readonly grabber: KeyGrabber; readonly ignored: () => readonly string[] } {
  const known = new Set<string>();
  return {
    grabber: {
      grabKeys: (keys) => {
        const before = known.size;
        for (const k of keys) known.add(k);
        if (known.size > before) source.watch([...known]);
        return grabber.grabKeys(keys);
      },
      onSwitchKey: (listener) => grabber.onSwitchKey(listener),
    },
    ignored: () => [...known],
  };
}

/** Where a typing run may be split: never between the two characters of a CR LF line break. */
function chunkEnd(chars: readonly string[], start: number): number {
  const end = Math.min(start + TYPING_CHUNK, chars.length);
  return chars[end - 1] === '\r' && chars[end] === '\n' ? end + 1 : end;
}

/** The input driver, stopped by the user's own keys (see the module comment). */
export function stopOnUserKeys(driver: InputDriver, watch: UserKeyWatch): InputDriver {
  const before = (doing: string): void => {
    if (watch.pressed()) throw new ExecutionError('interrupted', `You pressed a key, so I stopped before ${doing}. ${GO_ON}`);
  };
  return {
    pointer: () => driver.pointer(),
    moveTo: async (p) => {
      before('moving the pointer');
      await driver.moveTo(p);
    },
    click: async (button, count) => {
      before('clicking');
      await driver.click(button, count);
    },
    pressButton: async (button) => {
      before('pressing the mouse button');
      await driver.pressButton(button);
    },
    releaseButton: (button) => driver.releaseButton(button),
    scroll: async (direction, steps) => {
      before('scrolling');
      await driver.scroll(direction, steps);
    },
    pressChord: async (key, modifiers) => {
      before(`pressing ${[...modifiers, key].join('+')}`);
      await driver.pressChord(key, modifiers);
    },
    untypableByKeys: (text) => driver.untypableByKeys(text),
    typeByKeys: async (text) => {
      const chars = Array.from(text);
      for (let at = 0; at < chars.length;) {
        if (watch.pressed()) {
          throw new ExecutionError(
            'interrupted',
            at === 0
              ? `You pressed a key, so I stopped before typing. ${GO_ON}`
              : `You pressed a key, so I stopped typing: ${at} of ${chars.length} characters were typed. ${GO_ON}`,
          );
        }
        const end = chunkEnd(chars, at);
        await driver.typeByKeys(chars.slice(at, end).join(''));
        at = end;
      }
    },
  };
}
