/**
 * Checks for the first person with a Mac (docs/macos-review.md, issue #20): each subcommand drives
 * the real bridge through its TypeScript wrapper and prints what it saw, one plain line at a time.
 * It also runs on Linux (where `installed` is refused: Linux resolves names itself).
 *
 *   npx tsx scripts/macos-check.ts permission            # asks with the system prompt (R-Also)
 *   npx tsx scripts/macos-check.ts apps [seconds]        # running apps as they come and go (R1)
 *   npx tsx scripts/macos-check.ts events [seconds]      # focus and window events (R1, R8)
 *   npx tsx scripts/macos-check.ts snapshot APP [ms]     # one snapshot: size, truncation, states (R2, R3, R7)
 *   npx tsx scripts/macos-check.ts read APP [LABEL]      # the full value of a text element (R4)
 *   npx tsx scripts/macos-check.ts selection APP [LABEL] # the caret and the selection of a text element (R11)
 *   npx tsx scripts/macos-check.ts activate APP          # brings APP to the front (R5)
 *   npx tsx scripts/macos-check.ts press APP LABEL [ACTION]  # press (or ACTION: expand, select…), timed (R6, R7)
 *   npx tsx scripts/macos-check.ts installed NAME        # which installed app NAME means (R10)
 */
import { AxBridge } from '../src/execution/accessibility/ax-bridge.js';
import { ACTIONS, type ActionName, type AxElement, type AxSnapshot } from '../src/execution/accessibility/types.js';

const bridge = AxBridge.open();
const [command = '', ...args] = process.argv.slice(2);
const say = (line: string): void => void process.stdout.write(`${line}\n`);
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function pidOf(name: string): Promise<number> {
  const apps = await bridge.runningApps();
  const app = apps.find((a) => a.name.toLowerCase() === name.toLowerCase());
  if (!app) throw new Error(`${name} is not running (running: ${apps.map((a) => a.name).join(', ')})`);
  return app.pid;
}

/** The element called `label` (else the first whose name holds it); with no label, the first text field or area. */
async function elementNamed(name: string, label: string | undefined): Promise<{ snap: AxSnapshot; el: AxElement }> {
  const snap = await bridge.snapshot({ pid: await pidOf(name), deadlineMs: 5000 });
  const el =
    label === undefined
      ? snap.elements.find((e) => e.role === 'text_area' || e.role === 'text_field')
      : (snap.elements.find((e) => e.name === label) ?? snap.elements.find((e) => e.name.includes(label)));
  if (!el) throw new Error(label === undefined ? `no text field in ${name}` : `no element called "${label}" in ${name}`);
  return { snap, el };
}

async function main(): Promise<void> {
  switch (command) {
    case 'permission': {
      const p = await bridge.permission({ prompt: true });
      say(`accessibility: ${p.state}${p.detail ? ` (${p.detail})` : ''}`);
      return;
    }
    case 'apps': {
      const until = Date.now() + Number(args[0] ?? 30) * 1000;
      let before = new Map<number, string>();
      while (Date.now() < until) {
        const now = new Map((await bridge.runningApps()).map((a) => [a.pid, `${a.name}${a.frontmost ? ' (front)' : ''}`]));
        for (const [pid, name] of now) if (!before.has(pid)) say(`+ ${name} pid ${pid}`);
        for (const [pid, name] of before) if (!now.has(pid)) say(`- ${name} pid ${pid}`);
        before = now;
        await sleep(1000);
      }
      return;
    }
    case 'events': {
      const stop = await bridge.onEvent((e) => say(`${e.type} ${e.app} (pid ${e.pid}): ${e.role} "${e.name}"`));
      await sleep(Number(args[0] ?? 30) * 1000);
      await stop();
      return;
    }
    case 'snapshot': {
      const snap = await bridge.snapshot({ pid: await pidOf(args[0] ?? ''), deadlineMs: Number(args[1] ?? 3000) });
      const count = (state: string) => snap.elements.filter((e) => (e.states as readonly string[]).includes(state)).length;
      say(`${snap.elements.length} elements in ${Math.round(snap.elapsedMs)} ms, truncated: ${snap.truncated}`);
      say(`blank (no role, no name): ${snap.elements.filter((e) => e.role === 'unknown' && e.name === '').length}`);
      for (const state of [
        'enabled',
        'expandable',
        'collapsed',
        'expanded',
        'pressed',
        'read_only',
        'editable',
        'modal',
        'required',
        'busy',
        'checked',
        'active',
      ]) {
        say(`${state}: ${count(state)}`);
      }
      const actions = new Set(snap.elements.flatMap((e) => e.actions));
      say(`actions seen: ${[...actions].sort().join(', ')}`);
      // R12: the window's default button, and menu items' shortcuts as key bindings.
      say(`default buttons: ${JSON.stringify(snap.elements.filter((e) => (e.states as readonly string[]).includes('default')).map((e) => e.name))}`);
      const keyed = snap.elements.filter((e) => (e.keys ?? []).length > 0);
      say(`elements with keys: ${keyed.length}; first: ${JSON.stringify(keyed.slice(0, 5).map((e) => [e.name, e.keys]))}`);
      return;
    }
    case 'read': {
      const { snap, el } = await elementNamed(args[0] ?? '', args[1]);
      const value = await bridge.readValue({ generation: snap.generation, id: el.id });
      say(`${el.role} "${el.name}": ${value === null ? 'no value' : `${[...value].length} characters, ending "${value.slice(-20)}"`}`);
      return;
    }
    case 'selection': {
      const { snap, el } = await elementNamed(args[0] ?? '', args[1]);
      const ref = { generation: snap.generation, id: el.id };
      const at = await bridge.textSelection(ref);
      // Offsets count code points: the selected text is sliced the same way.
      const chars = Array.from((await bridge.readValue(ref)) ?? '');
      const selected = chars.slice(at.start, at.end).join('');
      say(`${el.role} "${el.name}": caret ${at.caret}, selection ${at.start}–${at.end} "${selected}" (of ${chars.length} characters)`);
      return;
    }
    case 'activate': {
      const pid = await pidOf(args[0] ?? '');
      const started = Date.now();
      await bridge.activateApp(pid);
      while (Date.now() - started < 3000) {
        const front = await bridge.frontmostApp().catch(() => undefined);
        if (front?.pid === pid) return say(`${front.name} is in front after ${Date.now() - started} ms`);
        await sleep(100);
      }
      say(`not in front after 3 s: ${(await bridge.frontmostApp()).name} is`);
      return;
    }
    case 'press': {
      const action = (args[2] ?? 'press') as ActionName;
      if (!(ACTIONS as readonly string[]).includes(action)) throw new Error(`"${action}" is not an action (${ACTIONS.join(', ')})`);
      const { snap, el } = await elementNamed(args[0] ?? '', args[1] ?? '');
      say(`${el.role} "${el.name}" offers: ${el.actions.join(', ')}; states: ${el.states.join(', ')}`);
      const started = Date.now();
      await bridge.performAction({ generation: snap.generation, id: el.id }, action);
      say(`${action}: answered after ${Date.now() - started} ms`);
      return;
    }
    case 'installed': {
      // On macOS launchApp matches the name with src/execution/apps/app-names.ts over installedApps.
      const spoken = args.join(' ');
      const launched = await bridge.launchApp({ name: spoken });
      say(`started ${launched.name} (${launched.id}) pid ${launched.pid}`);
      return;
    }
    default:
      say(
        'usage: npx tsx scripts/macos-check.ts permission | apps [s] | events [s] | snapshot APP [ms] | read APP [LABEL] | selection APP [LABEL] | activate APP | press APP LABEL [ACTION] | installed NAME',
      );
      process.exitCode = 2;
  }
}

main().then(
  () => process.exit(),
  (e: unknown) => {
    say(`failed: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  },
);
