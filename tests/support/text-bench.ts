/**
 * The dictation fixture (a GTK text view "Body" and entries) on a private desktop, driven by the real
 * loop, engine, AT-SPI and XTest: the bench the text-editing and dictation desktop tests share. Each
 * command said must be done; a field's text is read back through AT-SPI, its caret and selection
 * through the bridge. Every confirmation is answered yes and kept in `asked`.
 */
import { expect } from 'vitest';
import { AssistantLoop, type ConfirmationRequest } from '../../src/agent/assistant-loop.js';
import { ExecutionEngine } from '../../src/execution/engine.js';
import { createNutInputDriver } from '../../src/execution/input/input-driver.js';
import type { AssistantEvent } from '../../src/shared/contracts/events.js';
import type { Language } from '../../src/shared/language.js';
import { readNamedValue } from './desktop.js';
import { openFixtureWindow, type FixtureWindow } from './fixture-window.js';
import { openForSuite } from './suite-resource.js';

export interface TextSelection {
  readonly caret: number;
  readonly start: number;
  readonly end: number;
}

export interface TextBench {
  /** The fixture window, once the suite's `beforeAll` has opened it. */
  readonly fixture: FixtureWindow;
  readonly loop: AssistantLoop;
  readonly events: AssistantEvent[];
  readonly asked: ConfirmationRequest[];
  /** Runs `text` through the loop; it must be done. The loop's message. */
  readonly say: (text: string) => Promise<string>;
  /** The text of the field named `name`, read through AT-SPI. */
  readonly valueOf: (name: string) => Promise<string>;
  /** Where the caret and the selection of the element named `name` are, read through the bridge. */
  readonly selectionOf: (name: string) => Promise<TextSelection>;
  /** The selected text of the field named `name`. */
  readonly selected: (name: string) => Promise<string>;
  /** Sets the field's text through the bridge, as a user's own text would be there, and checks it is. */
  readonly setValue: (name: string, text: string) => Promise<void>;
}

/** Call in a `describe`: opens the bench before its tests (the language set, English by default) and closes it after. */
export function useTextBench(options: { readonly language?: Language } = {}): TextBench {
  const events: AssistantEvent[] = [];
  const asked: ConfirmationRequest[] = [];
  const open = openForSuite(
    'the text bench',
    {
      open: async () => {
        const fixture = await openFixtureWindow('dictation');
        const engine = new ExecutionEngine({ bridge: fixture.bridge, input: createNutInputDriver() });
        const language = options.language;
        const loop = new AssistantLoop({
          engine,
          emit: (e) => void events.push(e),
          confirm: async (request) => {
            asked.push(request);
            return 'confirmed';
          },
          ...(language ? { language: () => language } : {}),
        });
        return { fixture, loop };
      },
      close: ({ fixture }) => fixture.close(),
    },
    60_000,
  );
  const opened = (): FixtureWindow => open().fixture;
  const elementNamed = async (name: string) => {
    const f = opened();
    const snap = await f.bridge.snapshot({ pid: f.pid });
    const element = snap.elements.find((e) => e.name === name);
    if (!element) throw new Error(`no ${name}`);
    return { generation: snap.generation, id: element.id };
  };
  const valueOf = (name: string): Promise<string> => readNamedValue(opened().bridge, opened().pid, name);
  const selectionOf = async (name: string): Promise<TextSelection> => opened().bridge.textSelection(await elementNamed(name));

  return {
    get fixture() {
      return opened();
    },
    get loop() {
      return open().loop;
    },
    events,
    asked,
    say: async (text) => {
      const result = await open().loop.run(text);
      expect(result, `${text} → ${result.message}`).toMatchObject({ outcome: 'done' });
      return result.message;
    },
    valueOf,
    selectionOf,
    selected: async (name) => {
      const { start, end } = await selectionOf(name);
      return (await valueOf(name)).slice(start, end);
    },
    setValue: async (name, text) => {
      await opened().bridge.setValue(await elementNamed(name), text);
      expect(await valueOf(name)).toBe(text);
    },
  };
}
