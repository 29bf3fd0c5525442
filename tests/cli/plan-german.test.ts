// `assistive-control plan` in German (issue #32 item 6): the grammar reads the language the settings
// file says; English stays the default.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { captureIo } from './cli-fixtures.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ac-plan-de-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function plan(command: string) {
  const c = captureIo(undefined, { ASSISTIVE_CONTROL_CONFIG_DIR: dir });
  const code = await main(['plan', command, '--json'], c.io);
  return { code, out: c.out(), err: c.err() };
}

describe('assistive-control plan with the language set to German', () => {
  it('reads German commands; English without a German verb still reads', async () => {
    await writeFile(join(dir, 'settings.json'), JSON.stringify({ version: 1, language: 'de' }));
    const german = await plan('klicke auf den Knopf Senden');
    expect(german.code).toBe(0);
    expect(JSON.parse(german.out)).toMatchObject({ source: 'grammar', intent: { intent: 'click_element', element: { label: 'Senden', role: 'button' } } });
    expect(JSON.parse((await plan('scroll down')).out)).toMatchObject({ intent: { intent: 'scroll', direction: 'down' } });
  });

  it('reads English only when the settings say nothing of a language', async () => {
    expect((await plan('klicke auf Senden')).code).toBe(3);
    expect(JSON.parse((await plan('click Send')).out)).toMatchObject({ intent: { intent: 'click_element' } });
  });
});
