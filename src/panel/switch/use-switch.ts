/**
 * Switch input for the panel: turns key and mouse presses (and the shell's global switch presses)
 * into scanning, with Apple Switch Control's tremor filters.
 *
 * For `questionSettleMs` after a confirmation or a question appears, a press that goes down does
 * nothing, and the user is told (issue #27).
 *
 * A press counts when it is released, if it was held at least `holdMs` (hold before select) and came
 * at least `ignoreRepeatMs` after the last counted press (ignore repeat). Holding a switch for
 * `stopHoldMs` stops whatever runs, at that moment, and the release is then ignored. A select press
 * held `longPressMs` or longer (and let go before the stop) is a long press: on a cell of the mouse grid
 * it clicks there instead of zooming in (issue #29). While a switch is
 * held the highlight waits, and the press acts on the entry it went down on, on that screen: one
 * that spans a change of the screen chooses nothing (issue #27). A press from the
 * shell (the panel did not have the keyboard) has no known duration: ignore-repeat applies, hold
 * before select cannot (docs/decisions/0127-switch-keys-grabbed-every-app-while-switch.md). One switch (`auto`): the highlight moves every
 * `scanIntervalMs` (longer on the first item), goes round `scanLoops` times, then scanning rests
 * until the next press, which starts it again without selecting. Two switches (`step`): one moves,
 * the other selects.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ShellSignal } from '../../shared/contracts/ipc-contract.js';
import { DEFAULT_SWITCH_SETTINGS, type SwitchInput, type SwitchSettings } from '../../shared/switch-access.js';
import { TOO_SOON, inQuestionSettle, pressSwitch, type PressStart, type QuestionShown, type SwitchState } from './switch-press.js';

export type { SwitchState } from './switch-press.js';
import { TOP, move, treeKey, type ScanAction, type ScanNode } from './switch-scan.js';

/** The switch input a DOM key event is, if any. */
export function keyInput(key: string, code = ''): SwitchInput | undefined {
  if (key === ' ' || key === 'Spacebar') return 'Space';
  if (key === 'Enter' || key === '1' || key === '2' || /^F(1[3-9]|2[0-4])$/.test(key)) return key as SwitchInput;
  // Usual Linux layouts give the keys F13–F24 other symbols (XF86Tools, …): the key's code still says F13.
  if (/^F(1[3-9]|2[0-4])$/.test(code)) return code as SwitchInput;
  return undefined;
}

export function mouseInput(button: number): SwitchInput | undefined {
  return button === 0 ? 'MouseLeft' : button === 2 ? 'MouseRight' : undefined;
}

interface Handlers {
  readonly settings: SwitchSettings | undefined;
  readonly tree: readonly ScanNode[];
  readonly perform: (action: ScanAction, label: string) => void;
  readonly stop: () => void;
  readonly onShellSignal: (listener: (signal: ShellSignal) => void) => () => void;
  /** Names the confirmation or question shown now (a new name: a new one appeared); undefined while none is. */
  readonly question?: string | undefined;
  /** Says a sentence to the user (a press that came too soon after a question). */
  readonly announce?: (text: string) => void;
  /** A select press that chose or entered the highlighted entry: the time from the highlight arriving there to the press going down (issue #31). */
  readonly onReaction?: (ms: number) => void;
  /** Counts the user's effort (issue #31): each counted press, each move of the highlight. */
  readonly onCount?: (input: 'press' | 'scanStep') => void;
}

export function useSwitch({ settings, tree, perform, stop, onShellSignal, question, announce, onCount, onReaction }: Handlers): SwitchState {
  const enabled = settings?.enabled === true;
  const [state, setState] = useState<SwitchState>({ scanning: false, cursor: TOP, presses: 0, lastChoice: undefined });
  const [loops, setLoops] = useState(0);
  /** A switch is held down: the highlight waits for its release (issue #27), so what it chooses is what it went down on. */
  const [holding, setHolding] = useState(false);
  // The latest values, for listeners registered once.
  const live = useRef({ state, tree, settings, perform, stop, announce, onCount, onReaction });
  live.current = { state, tree, settings, perform, stop, announce, onCount, onReaction };
  const lastCounted = useRef(Number.NEGATIVE_INFINITY);
  // When the question shown now appeared: noted as it is drawn, so the settling time starts no later than the user sees it.
  const shown = useRef<QuestionShown>({ key: undefined, at: Number.NEGATIVE_INFINITY });
  if (shown.current.key !== question) shown.current = { key: question, at: Date.now() };

  // A new situation (a confirmation arrived, the run ended, the numbers appeared) starts at the top.
  const key = treeKey(tree);
  // When the highlight arrived where it is (for the reaction time of a press on it): a new place, a
  // choice made (the top again, the same place object), or new entries.
  const arrivedAt = useRef(Date.now());
  useEffect(() => {
    arrivedAt.current = Date.now();
  }, [state.cursor, state.scanning, state.lastChoice, key]);
  /** The screen the cursor belongs to: set when the scan starts over on a new one. */
  const scannedKey = useRef(key);
  useEffect(() => {
    scannedKey.current = key;
    setLoops(0);
    // An empty key is an empty tree (each entry adds its type and label): nothing to scan.
    setState((s) => ({ ...s, cursor: TOP, presses: 0, scanning: enabled && key !== '' }));
  }, [key, enabled]);

  // One switch: the highlight moves by itself.
  useEffect(() => {
    if (!enabled || !settings || settings.mode !== 'auto' || !state.scanning || holding) return;
    const delay = settings.scanIntervalMs + (state.cursor.index === 0 ? settings.firstItemPauseMs : 0);
    const timer = setTimeout(() => {
      const moved = move(live.current.tree, state.cursor);
      live.current.onCount?.('scanStep');
      if (!moved.wrapped) {
        setState((s) => ({ ...s, cursor: moved.cursor }));
        return;
      }
      const done = loops + 1 >= settings.scanLoops;
      if (!done) {
        setLoops(loops + 1);
        setState((s) => ({ ...s, cursor: moved.cursor }));
      } else if (state.cursor.path.length > 0) {
        // Nothing chosen inside a group: back to the top, as Switch Control does; the presses of
        // that abandoned choice no longer count.
        setLoops(0);
        setState((s) => ({ ...s, cursor: TOP, presses: 0 }));
      } else {
        setLoops(0);
        setState((s) => ({ ...s, cursor: TOP, presses: 0, scanning: false }));
      }
    }, delay);
    return () => clearTimeout(timer);
  }, [enabled, settings, state.scanning, state.cursor, loops, holding]);

  // The functions below read only refs and state setters, so the listeners registered once (the
  // effect after them) may keep the copies of their first render: the lint checks that they do.

  /**
   * One press of the select or the move switch. Ignore-repeat: a press too soon after the last
   * counted one does nothing. A press that went down (`downAt`) within the settling time after a
   * question appeared does nothing either, and says so. A counted press moves the scan or chooses
   * (switch-press.ts: dropped while the screen just changed).
   */
  const counted = (which: 'select' | 'move', start?: PressStart, downAt = Date.now(), long = false): void => {
    const { state: s, tree: t, settings: cfg } = live.current;
    const now = Date.now();
    if (!cfg) return;
    if (inQuestionSettle(downAt, shown.current, cfg.questionSettleMs ?? DEFAULT_SWITCH_SETTINGS.questionSettleMs)) {
      live.current.announce?.(TOO_SOON);
      return;
    }
    if (now - lastCounted.current < cfg.ignoreRepeatMs) return;
    lastCounted.current = now;
    const step = pressSwitch(s, t, which, treeKey(t) === scannedKey.current, start, long);
    live.current.onCount?.('press');
    if (!step) return;
    if (which === 'move') live.current.onCount?.('scanStep');
    if (step.restartLoops) setLoops(0);
    // A reaction: a select press on an entry the highlight came to by itself (not one that woke the scan).
    if (which === 'select' && s.scanning && cfg.mode === 'auto') live.current.onReaction?.(downAt - arrivedAt.current);
    setState(step.state);
    if (step.chosen) live.current.perform(step.chosen.action, step.chosen.label);
  };
  /** Where the scan stands now, for a press that begins. */
  const pressStart = (): PressStart => {
    const { state: s, tree: t } = live.current;
    const key = treeKey(t);
    return { cursor: s.cursor, key, scanned: key === scannedKey.current };
  };

  const role = (input: SwitchInput): 'select' | 'move' | undefined => {
    const cfg = live.current.settings;
    if (!cfg?.enabled) return undefined;
    if (input === cfg.selectInput) return 'select';
    if (cfg.mode === 'step' && input === cfg.moveInput) return 'move';
    return undefined;
  };

  useEffect(() => {
    if (!enabled) return;
    let down: { input: SwitchInput; at: number; start: PressStart; stopTimer: ReturnType<typeof setTimeout>; stopped: boolean } | undefined;
    // A key event of the page, or (no event) a switch key the core holds while another app has the keyboard.
    const begin = (input: SwitchInput | undefined, event?: Event): void => {
      if (!input || !role(input)) return;
      event?.preventDefault();
      event?.stopPropagation();
      if (down) return; // key auto-repeat, or a second switch while one is held
      const cfg = live.current.settings;
      const held = { input, at: Date.now(), start: pressStart(), stopped: false, stopTimer: setTimeout(() => undefined, 0) };
      held.stopTimer = setTimeout(() => {
        held.stopped = true;
        live.current.stop();
      }, cfg?.stopHoldMs ?? 2000);
      down = held;
      setHolding(true);
    };
    const end = (input: SwitchInput | undefined, event?: Event): void => {
      if (!input || !down || down.input !== input) return;
      event?.preventDefault();
      event?.stopPropagation();
      const held = down;
      down = undefined;
      setHolding(false);
      clearTimeout(held.stopTimer);
      const which = role(input);
      const cfg = live.current.settings;
      if (held.stopped || !which || !cfg) return;
      const heldMs = Date.now() - held.at;
      if (heldMs < cfg.holdMs) return; // hold before select: too short to count
      counted(which, held.start, held.at, heldMs >= (cfg.longPressMs ?? DEFAULT_SWITCH_SETTINGS.longPressMs));
    };
    const keydown = (e: KeyboardEvent): void => begin(keyInput(e.key, e.code), e);
    const keyup = (e: KeyboardEvent): void => end(keyInput(e.key, e.code), e);
    const mousedown = (e: MouseEvent): void => begin(mouseInput(e.button), e);
    const mouseup = (e: MouseEvent): void => end(mouseInput(e.button), e);
    // A mapped mouse button is the switch: its click and context menu must not also act on the page.
    const swallow = (e: MouseEvent): void => {
      const input = mouseInput(e.button);
      if (input && role(input)) {
        e.preventDefault();
        e.stopPropagation();
      }
    };
    const options = { capture: true };
    const listeners = [
      ['keydown', keydown],
      ['keyup', keyup],
      ['mousedown', mousedown],
      ['mouseup', mouseup],
      ['click', swallow],
      ['contextmenu', swallow],
    ] as const;
    for (const [type, listener] of listeners) window.addEventListener(type, listener as EventListener, options);
    const unsubscribe = onShellSignal((signal) => {
      if (signal.kind === 'switch_key') {
        // Pressed and released in another app: timed as a key of the page is.
        if (signal.edge === 'down') begin(signal.input);
        else if (signal.edge === 'up') end(signal.input);
        else if (down && down.input === signal.input) {
          // Let go while down (the panel took the focus, or the key was released elsewhere): no press.
          clearTimeout(down.stopTimer);
          down = undefined;
          setHolding(false);
        }
        return;
      }
      if (signal.kind !== 'switch') return;
      const which = role(signal.input);
      if (which) counted(which);
    });
    return () => {
      if (down) clearTimeout(down.stopTimer);
      for (const [type, listener] of listeners) window.removeEventListener(type, listener as EventListener, options);
      unsubscribe();
    };
  }, [enabled, onShellSignal]);

  if (!enabled) return { scanning: false, cursor: TOP, presses: 0, lastChoice: undefined };
  // New entries drawn before the scan started over on them: nothing is highlighted (a press now
  // chooses nothing, switch-press.ts), so what is shown is never the old place on the new entries.
  return scannedKey.current === key ? state : { ...state, cursor: { path: state.cursor.path, index: -1 } };
}
