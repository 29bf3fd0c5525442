// The quick start on a fresh clone (issue #30 items 1 and 2), for real: npm ci, the native build and
// the first command, each in a clone of this repository without node_modules.
// - with Node 18 and npm 9, as Debian 12 and Ubuntu 24.04 ship them (the npm packages node-linux-<arch>
//   18 and npm 9 on PATH, before the system's): it fetches the Node the project brings, installs on
//   it, and plans a command;
// - with the system's Node and npm;
// - `npm ci` where the own Node's binary cannot be had (its tarball's address refused, as a platform the
//   registry has no binary for): the install succeeds, and the bin says which Node to install.
// Minutes each (installs ~600 packages from npm's cache: npm_config_prefer_offline): opt-in with
// `npm run test:install`, outside `npm test`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const OWN = `node-linux-${process.arch}`;
const scratch = mkdtempSync(join(tmpdir(), 'ac-quickstart-'));
// Three installed clones: a gigabyte and more to delete.
afterAll(() => rmSync(scratch, { recursive: true, force: true }), 300_000);

// The registry's packuments from npm's cache where it has them; a failed fetch is not retried.
// No display: the command line starts, not the panel.
const quiet: NodeJS.ProcessEnv = {
  ...process.env,
  npm_config_prefer_offline: 'true',
  npm_config_fetch_retries: '0',
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  DISPLAY: undefined,
  WAYLAND_DISPLAY: undefined,
};

/** A fresh clone of this repository's HEAD, as a new user gets it. */
function freshClone(name: string): string {
  const dir = join(scratch, name);
  const r = spawnSync('git', ['clone', '--quiet', '--no-hardlinks', ROOT, dir], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return dir;
}

/** Runs the quick start in `dir` with `env`: "plan" a command at the command line (no display here). */
function quickStart(dir: string, env: NodeJS.ProcessEnv) {
  const r = spawnSync('bash', ['scripts/quickstart.sh', 'plan', 'click Send', '--json'], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...env, AC_START_CLI: '1', XDG_CACHE_HOME: join(scratch, 'cache') },
    maxBuffer: 64 * 1024 * 1024,
  });
  const tail = `${r.stdout.slice(-3000)}\n${r.stderr.slice(-3000)}`;
  expect(r.status, tail).toBe(0);
  const plan = JSON.parse(r.stdout.trim().split('\n').at(-1) ?? '') as unknown;
  expect(plan, tail).toMatchObject({ ok: true, source: 'grammar', intent: { intent: 'click_element' } });
  // The project's own Node is the one node_modules/.bin/node names, and it is Node 24.
  const own = spawnSync(join(dir, 'node_modules/.bin/node'), ['-p', 'process.versions.node'], { encoding: 'utf8' });
  expect(own.stdout.trim()).toMatch(/^24\./);
  return r;
}

const versionOf = (command: string, env: NodeJS.ProcessEnv) => spawnSync(command, ['--version'], { encoding: 'utf8', env }).stdout.trim();

describe.skipIf(process.platform !== 'linux' || !['x64', 'arm64'].includes(process.arch))('the quick start in a fresh clone', { timeout: 1_200_000 }, () => {
  if (process.platform !== 'linux') console.log('the quick start is for Debian and Ubuntu: skipped on', process.platform);

  it("with Node 18 and npm 9 (Debian 12's and Ubuntu 24.04's): it installs on the project's Node 24 and plans a command", () => {
    const tools = join(scratch, 'tools-node18');
    const got = spawnSync('npm', ['install', '--prefix', tools, `node-linux-${process.arch}@18.20.8`, 'npm@9.9.4'], { encoding: 'utf8', env: quiet });
    expect(got.status, got.stderr).toBe(0);
    const env = { ...quiet, PATH: `${join(tools, 'node_modules/.bin')}${delimiter}${process.env.PATH ?? ''}` };
    expect(versionOf('node', env)).toBe('v18.20.8');
    expect(versionOf('npm', env)).toBe('9.9.4');
    const dir = freshClone('node18');
    const r = quickStart(dir, env);
    expect(r.stdout).toContain('quickstart: fetching the Node the project runs on (');
    expect(r.stdout).toContain("quickstart: installing the project's packages (npm ci) with npm 9.9.4 on Node v24.");
  });

  it("with the system's Node and npm", () => {
    const dir = freshClone('system');
    const r = quickStart(dir, quiet);
    expect(r.stdout).toContain(`quickstart: installing the project's packages (npm ci) with npm ${versionOf('npm', quiet)} on Node v`);
  });

  it("npm ci where the own Node's binary cannot be had: the install succeeds, and the bin says which Node to install", () => {
    const dir = freshClone('no-binary');
    // The package's tarball at an address that refuses (the discard port), and no hash npm's cache
    // could answer for it instead.
    const lockFile = join(dir, 'package-lock.json');
    const lock = JSON.parse(readFileSync(lockFile, 'utf8')) as { packages: Record<string, { resolved?: string; integrity?: string }> };
    const entry = lock.packages[`node_modules/${OWN}`];
    if (!entry) throw new Error(`the lock file names no ${OWN}`);
    entry.resolved = `http://127.0.0.1:9/${OWN}.tgz`;
    delete entry.integrity;
    writeFileSync(lockFile, JSON.stringify(lock, null, 2));
    const ci = spawnSync('npm', ['ci'], { cwd: dir, encoding: 'utf8', env: quiet, maxBuffer: 64 * 1024 * 1024 });
    expect(ci.status, ci.stderr.slice(-3000)).toBe(0);
    expect(existsSync(join(dir, 'node_modules', OWN))).toBe(false);
    expect(existsSync(join(dir, 'node_modules/.bin/node'))).toBe(false);
    expect(existsSync(join(dir, 'out/cli/bundle/cli.mjs'))).toBe(true);
    // A Node older than the supported one starts the bin (this Node, told it is 20.20.2).
    const pretend = join(scratch, 'pretend-node-20.mjs');
    writeFileSync(pretend, "Object.defineProperty(process.versions, 'node', { value: '20.20.2' });\n");
    const bin = spawnSync(process.execPath, ['--import', pathToFileURL(pretend).href, join(dir, 'bin/assistive-control.mjs'), '--version'], {
      encoding: 'utf8',
    });
    expect(bin.status).toBe(1);
    expect(bin.stderr).toBe(
      `Assistive Control needs Node 22.12 or newer; this is Node 20.20.2, and its install has no Node of its own for this computer (linux ${process.arch}): ` +
        "install Node 24 from https://nodejs.org (or your system's package of Node 22 or 24), then run it again.\n",
    );
  });
});
