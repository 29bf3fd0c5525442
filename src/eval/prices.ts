/**
 * The price table for the evaluation's cost estimate: dollars per million tokens, by
 * "provider/model" (or "provider/*" for every model of a provider). Built in below; a file
 * `eval-prices.json` in the settings folder adds or replaces entries, so a user can keep it
 * current or price a model we never heard of.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as z from 'zod';
import type { Price } from './score.js';

export const PRICES_FILE = 'eval-prices.json';

/** List prices as published by the providers (late 2025). Local models cost nothing per token. */
export const BUILT_IN_PRICES: Readonly<Record<string, Price>> = {
  'grammar/*': { input: 0, output: 0 },
  'ollama/*': { input: 0, output: 0 },
  'anthropic/claude-haiku-4-5': { input: 1, cachedInput: 0.1, output: 5 },
  'anthropic/claude-sonnet-4-5': { input: 3, cachedInput: 0.3, output: 15 },
  'anthropic/claude-3-5-haiku-latest': { input: 0.8, cachedInput: 0.08, output: 4 },
  'openai/gpt-4.1-mini': { input: 0.4, cachedInput: 0.1, output: 1.6 },
  'openai/gpt-4.1-nano': { input: 0.1, cachedInput: 0.025, output: 0.4 },
  'openai/gpt-4.1': { input: 2, cachedInput: 0.5, output: 8 },
  'openai/gpt-4o-mini': { input: 0.15, cachedInput: 0.075, output: 0.6 },
  'openai/gpt-4o': { input: 2.5, cachedInput: 1.25, output: 10 },
};

const PriceEntry = z.strictObject({
  input: z.number().nonnegative(),
  output: z.number().nonnegative(),
  cachedInput: z.number().nonnegative().optional(),
});
const PriceFile = z.strictObject({ models: z.record(z.string().regex(/^[a-z]+\/\S+$/), PriceEntry) });

export type PriceTable = Readonly<Record<string, Price>>;

export type LoadedPrices = { readonly ok: true; readonly table: PriceTable; readonly fromFile: boolean } | { readonly ok: false; readonly message: string };

/** The built-in table with the user's file (if any) over it. */
export async function loadPrices(settingsDir: string): Promise<LoadedPrices> {
  const path = join(settingsDir, PRICES_FILE);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    return { ok: true, table: BUILT_IN_PRICES, fromFile: false };
  }
  let parsed: z.infer<typeof PriceFile>;
  try {
    parsed = PriceFile.parse(JSON.parse(text));
  } catch {
    return {
      ok: false,
      message: `The price table ${path} could not be read: it must look like {"models": {"openai/gpt-4o-mini": {"input": 0.15, "output": 0.6, "cachedInput": 0.075}}} (dollars per million tokens). Correct or delete it.`,
    };
  }
  return { ok: true, table: { ...BUILT_IN_PRICES, ...parsed.models }, fromFile: true };
}

/** The price of one model: its own entry, else its provider's wildcard. */
export function priceFor(table: PriceTable, provider: string, model: string): Price | undefined {
  return table[`${provider}/${model}`] ?? table[`${provider}/*`];
}
