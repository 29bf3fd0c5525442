// The everyday commands on a real desktop (issue #18): open_application of an app that is already
// running brings that app to the front instead of starting a second one, list_applications names
// the apps on the accessibility bus, and "select all and copy" / "paste" said to the real loop go
// through the offline grammar and the engine's keys into a real GTK entry and its clipboard.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AssistantLoop } from '../../src/agent/assistant-loop.js';
import { AxBridge } from '../../src/execution/accessibility/ax-bridge.js';
import { ExecutionEngine } from '../../src/execution/engine.js';
import { createNutInputDriver } from '../../src/execution/input/input-driver.js';
import { dispatchIntent } from '../../src/registry/dispatch.js';
import { activateWindow, desktopSkipReason, openFixture, stopApps, until } from '../support/desktop.js';
import { openBridge } from '../support/fixture-window.js';

const skip = desktopSkipReason();

describe.skipIf(skip !== '')('the everyday commands on a real desktop', () => {
  let bridge: AxBridge;
  let engine: ExecutionEngine;
  let first: number;
  let other: number;

  beforeAll(async () => {
    bridge = await openBridge();
    first = (await openFixture('ax', bridge)).pid;
    other = (await openFixture('engine', bridge)).pid;
    await until('the other app in front', async () => ((await bridge.frontmostApp()).pid === other ? true : undefined));
    engine = new ExecutionEngine({ bridge, input: createNutInputDriver() });
  });

  afterAll(async () => {
    await stopApps();
  });

  it('"switch to" the app behind brings it to the front, and starts no second copy', async () => {
    const apps = await bridge.runningApps();
    const name = apps.find((a) => a.pid === first)?.name ?? '';
    expect(name).not.toBe('');
    const copies = apps.filter((a) => a.name === name).length;
    const result = await dispatchIntent({ intent: 'open_application', app: name.toUpperCase() }, engine);
    expect(result).toEqual({ kind: 'success', message: `Switched to “${name}”: it was already open.` });
    expect((await bridge.frontmostApp()).pid).toBe(first);
    expect((await bridge.runningApps()).filter((a) => a.name === name)).toHaveLength(copies);
  });

  it('"what\'s open" names both apps, the one in front first and marked', async () => {
    const apps = await bridge.runningApps();
    const front = apps.find((a) => a.frontmost);
    const otherName = apps.find((a) => a.pid === other)?.name ?? '';
    const result = await dispatchIntent({ intent: 'list_applications' }, engine);
    expect(result.kind).toBe('observation');
    if (result.kind !== 'observation') return;
    expect(result.text).toMatch(/^\d+ apps are open: /);
    expect(result.text).toContain(`“${front?.name ?? '?'}” (in front)`);
    expect(result.text.indexOf(`“${front?.name ?? '?'}”`)).toBe(result.text.indexOf('“'));
    expect(result.text).toContain(`“${otherName}”`);
  });

  it('"select all and copy", then "paste" into the emptied field, through the real loop and the offline grammar', async () => {
    const message = async () => {
      const s = await bridge.snapshot({ pid: other });
      const field = s.elements.find((e) => e.role === 'text_field' && e.name === 'Message');
      if (!field) throw new Error('no Message field');
      return { ref: { generation: s.generation, id: field.id }, value: field.value };
    };
    const text = 'copied through the loop';
    await bridge.setValue((await message()).ref, text);
    await activateWindow('^Engine Fixture$');
    await until('the engine fixture in front', async () => ((await bridge.frontmostApp()).pid === other ? true : undefined));
    const loop = new AssistantLoop({ engine, emit: () => {}, confirm: async () => 'declined' });
    expect(await loop.run('click the Message field')).toMatchObject({ outcome: 'done' });
    expect(await loop.run('select all and copy')).toMatchObject({ outcome: 'done' });
    await bridge.setValue((await message()).ref, '');
    await until('the field emptied', async () => ((await message()).value === '' ? true : undefined));
    expect(await loop.run('paste')).toMatchObject({ outcome: 'done' });
    await until('the text pasted back', async () => ((await message()).value === text ? true : undefined));
  });
});
