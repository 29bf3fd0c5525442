/**
 * The execution engine's desktop bench (tests/execution/engine*.desktop.test.ts): a private headless
 * desktop of the file's own (not the shared one of desktop-global-setup.ts: these tests move the
 * pointer and type, which would race the bridge tests), the engine fixture app on it, and a fresh
 * engine before each test whose clock records every sleep (the retry schedule, checked without
 * slowing the suite). Intents go through the registry's dispatch; effects are read back through AT-SPI.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { DesktopSession } from '../../scripts/desktop-session.js';
import type { AxBridge } from '../../src/execution/accessibility/ax-bridge.js';
import type { AxElement, AxSnapshot } from '../../src/execution/accessibility/types.js';
import { ExecutionEngine } from '../../src/execution/engine.js';
import type { Clock } from '../../src/execution/engine-types.js';
import { createNutInputDriver } from '../../src/execution/input/input-driver.js';
import type { Intent } from '../../src/intent/schema.js';
import { dispatchIntent, type ActionResult } from '../../src/registry/dispatch.js';
import { activateWindow, openFixture, stopApps } from '../support/desktop.js';
import { openDesktop } from '../support/fixture-window.js';

/** Real time, with every sleep recorded (to check the retry schedule without slowing the suite). */
function recordingClock(): Clock & { sleeps: number[] } {
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => performance.now(),
    sleep: (ms) => {
      sleeps.push(ms);
      return new Promise((r) => setTimeout(r, Math.min(ms, 20)));
    },
  };
}

/** Inside a describe: the desktop and the fixture before its tests, a fresh engine before each, all stopped after. */
export function useEngineDesktop() {
  let session: DesktopSession;
  let bridge: AxBridge;
  let engine: ExecutionEngine;
  let clock: ReturnType<typeof recordingClock>;
  let pid: number;

  const snap = (): Promise<AxSnapshot> => bridge.snapshot({ pid });
  const find = (s: AxSnapshot, role: string, name: string | RegExp): AxElement => {
    const found = s.elements.find((e) => e.role === role && (typeof name === 'string' ? e.name === name : name.test(e.name)));
    if (!found) throw new Error(`no ${role} ${String(name)} in ${s.elements.map((e) => `${e.role}:${e.name}`).join(', ')}`);
    return found;
  };
  const textOf = async (pattern: RegExp): Promise<string> => find(await snap(), 'text', pattern).name;
  const count = async (): Promise<number> => Number((await textOf(/^Count: \d+$/)).slice(7));
  const valueOf = async (role: string, name: string): Promise<string | null> => find(await snap(), role, name).value;
  const setField = async (name: string, text: string): Promise<void> => {
    const s = await snap();
    await bridge.setValue({ generation: s.generation, id: find(s, 'text_field', name).id }, text);
  };
  const doIt = (intent: Intent, approved: 'harmless' | 'moderate' | 'destructive' = 'harmless'): Promise<ActionResult> =>
    dispatchIntent(intent, engine, { approved });
  const activate = (): Promise<unknown> => activateWindow('^Engine Fixture$');

  beforeAll(async () => {
    ({ session, bridge } = await openDesktop());
    pid = (await openFixture('engine', bridge)).pid;
  });

  beforeEach(() => {
    clock = recordingClock();
    engine = new ExecutionEngine({ bridge, input: createNutInputDriver(), clock });
  });

  afterAll(async () => {
    await stopApps();
    await session?.stop();
  });

  return {
    get bridge(): AxBridge {
      return bridge;
    },
    /** This test's engine; a test may put another in its place (other tuning). */
    get engine(): ExecutionEngine {
      return engine;
    },
    set engine(next: ExecutionEngine) {
      engine = next;
    },
    get clock(): ReturnType<typeof recordingClock> {
      return clock;
    },
    /** The engine fixture's process. */
    get pid(): number {
      return pid;
    },
    snap,
    find,
    textOf,
    count,
    valueOf,
    setField,
    doIt,
    activate,
  };
}
