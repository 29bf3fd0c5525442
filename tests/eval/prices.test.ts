/** The price table: built in, overridden entry by entry by eval-prices.json, and a broken file named with its fix. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILT_IN_PRICES, loadPrices, priceFor, PRICES_FILE } from '../../src/eval/prices.js';

let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ac-prices-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the evaluation price table', () => {
  it("is the built-in one without a file; a model is priced by its own entry, else its provider's wildcard", async () => {
    const loaded = await loadPrices(dir);
    expect(loaded).toEqual({ ok: true, table: BUILT_IN_PRICES, fromFile: false });
    expect(priceFor(BUILT_IN_PRICES, 'ollama', 'qwen2.5:7b')).toEqual({ input: 0, output: 0 });
    expect(priceFor(BUILT_IN_PRICES, 'openai', 'gpt-4.1-mini')?.input).toBe(0.4);
    expect(priceFor(BUILT_IN_PRICES, 'openai', 'some-new-model')).toBeUndefined();
  });

  it("takes the user's entries over the built-in ones, and keeps the rest", async () => {
    await writeFile(
      join(dir, PRICES_FILE),
      JSON.stringify({ models: { 'openai/gpt-4.1-mini': { input: 9, output: 9 }, 'openai/*': { input: 1, output: 2 } } }),
    );
    const loaded = await loadPrices(dir);
    if (!loaded.ok) throw new Error(loaded.message);
    expect(loaded.fromFile).toBe(true);
    expect(priceFor(loaded.table, 'openai', 'gpt-4.1-mini')).toEqual({ input: 9, output: 9 });
    expect(priceFor(loaded.table, 'openai', 'some-new-model')).toEqual({ input: 1, output: 2 });
    expect(priceFor(loaded.table, 'anthropic', 'claude-haiku-4-5')).toEqual(BUILT_IN_PRICES['anthropic/claude-haiku-4-5']);
  });

  it.each([
    ['not json'],
    [JSON.stringify({ models: { 'gpt-4o': { input: 1, output: 1 } } })],
    [JSON.stringify({ models: { 'openai/x': { input: -1, output: 1 } } })],
  ])('says how a broken file should look: %s', async (text) => {
    await writeFile(join(dir, PRICES_FILE), text);
    const loaded = await loadPrices(dir);
    expect(loaded.ok).toBe(false);
    if (!loaded.ok) expect(loaded.message).toMatch(/could not be read: it must look like \{"models".*Correct or delete it\.$/);
  });
});
