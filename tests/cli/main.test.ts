// The command line's front door: the command table, help, --version, and the bundle the bin runs.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMANDS, main } from '../../src/cli/main.js';

const ROOT = resolve(import.meta.dirname, '../..');
const BIN = resolve(ROOT, 'bin/assistive-control.mjs');
const VERSION = (JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

async function run(...argv: string[]) {
  let out = '';
  let err = '';
  const code = await main(argv, { stdout: { write: (c: string) => (out += c) }, stderr: { write: (c: string) => (err += c) } });
  return { code, out, err };
}

describe('assistive-control (the front door)', () => {
  it('every listed command loads as the command of its name', async () => {
    for (const entry of COMMANDS) expect((await entry.load()).name).toBe(entry.name);
  });

  it('--version prints the package version on stdout', async () => {
    for (const flag of ['--version', '-V', 'version']) expect(await run(flag)).toEqual({ code: 0, out: `${VERSION}\n`, err: '' });
  });

  it("help <command> prints that command's usage, not the global help", async () => {
    const r = await run('help', 'run');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^Usage: assistive-control run /);
    expect(await run('help', 'frobnicate')).toMatchObject({ code: 2, err: expect.stringContaining('Unknown command "frobnicate"') });
    const global = await run('help');
    expect(global.out).toContain('assistive-control help <command>');
  });
});

interface Meta {
  outputs: Record<string, { entryPoint?: string; inputs: Record<string, unknown>; imports: { path: string; kind: string; external?: boolean }[] }>;
}

/** The source files a chunk and every chunk it imports statically hold: what loading it evaluates. */
function staticClosure(meta: Meta, chunk: string): Set<string> {
  const inputs = new Set<string>();
  const seen = new Set<string>();
  const visit = (out: string) => {
    if (seen.has(out)) return;
    seen.add(out);
    const o = meta.outputs[out];
    if (!o) throw new Error(`no output ${out}`);
    for (const input of Object.keys(o.inputs)) inputs.add(input);
    for (const i of o.imports) if (i.kind === 'import-statement' && !i.external) visit(i.path);
  };
  visit(chunk);
  return inputs;
}

describe('the bundle the bin runs', () => {
  const SDK = /node_modules\/(openai|@anthropic-ai|ollama)\//;
  const HEAVY = /node_modules\/(openai|@anthropic-ai|ollama)\/|src\/config\/secret-store|src\/execution\/accessibility\//;

  it('prints the version and plans', () => {
    expect(spawnSync(process.execPath, [BIN, '--version'], { encoding: 'utf8' }).stdout).toBe(`${VERSION}\n`);
    const r = spawnSync(process.execPath, [BIN, 'plan', '--json', 'open Firefox'], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).intent).toEqual({ intent: 'open_application', app: 'Firefox' });
  });

  it('"plan" with the grammar loads no LLM SDK, keychain or bridge; "run" does load them (so the check sees them)', () => {
    const meta = JSON.parse(readFileSync(resolve(ROOT, 'out/cli/bundle/meta.json'), 'utf8')) as Meta;
    const chunkOf = (source: string) => {
      const found = Object.entries(meta.outputs).find(([, o]) => o.entryPoint === source || Object.keys(o.inputs).includes(source));
      if (!found) throw new Error(`no chunk holds ${source}`);
      return found[0];
    };
    const entry = chunkOf('src/cli/entry.ts');
    const plan = [...staticClosure(meta, entry), ...staticClosure(meta, chunkOf('src/cli/plan-command.ts'))];
    expect(plan).toContain('src/intent/grammar/grammar-planner.ts');
    expect(plan.filter((input) => HEAVY.test(input))).toEqual([]);
    const run = [...staticClosure(meta, chunkOf('src/cli/run-command.ts'))];
    expect(run.filter((input) => HEAVY.test(input)).length).toBeGreaterThan(0);
  });

  it('"run" loads an LLM SDK only when a command goes to that planner (each SDK in its own chunk)', () => {
    const meta = JSON.parse(readFileSync(resolve(ROOT, 'out/cli/bundle/meta.json'), 'utf8')) as Meta;
    const chunkOf = (source: string) => {
      const found = Object.entries(meta.outputs).find(([, o]) => Object.keys(o.inputs).includes(source));
      if (!found) throw new Error(`no chunk holds ${source}`);
      return found[0];
    };
    const run = [...staticClosure(meta, chunkOf('src/cli/entry.ts')), ...staticClosure(meta, chunkOf('src/cli/run-command.ts'))];
    expect(run).toContain('src/intent/providers/create-planner.ts');
    expect(run.filter((input) => SDK.test(input))).toEqual([]);
    // The check can fail: each provider's own chunk does hold its SDK.
    for (const [provider, sdk] of [
      ['openai', 'openai'],
      ['anthropic', '@anthropic-ai'],
      ['ollama', 'ollama'],
    ]) {
      const inputs = [...staticClosure(meta, chunkOf(`src/intent/providers/${provider}.ts`))];
      expect(inputs.some((input) => input.startsWith(`node_modules/${sdk}/`))).toBe(true);
    }
  });
});
