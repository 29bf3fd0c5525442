/**
 * The core process as the fake `electron` module's utilityProcess.fork gives it to main
 * (tests/main/electron-fake.ts): it records every message main posts, answers a switch-key hold as a
 * core would (a turn later, with what the test's HoldKeys says), and leaves every other call waiting
 * for the test to answer it.
 */
import { EventEmitter } from 'node:events';

/** What the fake core answers when main asks it to hold switch keys (the core's HoldOutcome). */
export type HoldKeys = (keys: readonly string[]) => unknown;

/** A core that can hold no key, as on Wayland without XWayland. */
export const holdNothing: HoldKeys = () => ({ held: [], problems: [], unavailable: 'there is no X display to hold keys on' });

export class FakeChild extends EventEmitter {
  readonly posted: unknown[] = [];
  /** Every key list main asked the core to hold, in order. */
  readonly holds: string[][] = [];
  killed = false;
  constructor(
    readonly entry: string,
    readonly options: unknown,
    private readonly holdKeys: HoldKeys = holdNothing,
  ) {
    super();
  }
  postMessage(message: unknown): void {
    const m = message as { kind?: string; method?: string; id?: number; args?: unknown[] };
    // The switch-key hold is answered as a core would, a turn later; every other call waits for the test.
    if (m.kind === 'call' && m.method === 'switch:hold') {
      const keys = (m.args?.[0] ?? []) as string[];
      this.holds.push([...keys]);
      setImmediate(() => this.emit('message', { kind: 'reply', id: m.id, ok: true, value: this.holdKeys(keys) }));
      return;
    }
    this.posted.push(message);
  }
  kill(): boolean {
    this.killed = true;
    return true;
  }
}
