#!/usr/bin/env node
// `npm start`: the assistant, the best way this machine allows. The menu-bar app with its floating
// panel where Electron can run (a display, and Electron's binary — downloaded on first use);
// otherwise the interactive command line, with a sentence saying why. The offline grammar plans the
// everyday commands either way, with nothing to configure.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const env = process.env;

/** Why the panel cannot open here, or undefined with the Electron executable's path. */
function panelProblem() {
  if (env.AC_START_CLI === '1') return { why: 'AC_START_CLI=1 asks for the command line' };
  if (process.platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY) return { why: 'there is no desktop session here (DISPLAY is not set)' };
  if (process.platform !== 'linux' && process.platform !== 'darwin') return { why: `the panel runs on macOS and Linux, not on ${process.platform}` };
  // Resolving electron downloads its binary on first use; in a child, so a failed download is just an answer.
  console.error("Looking for Electron's binary (the first time, it is downloaded)…");
  const probe = spawnSync(process.execPath, ['-e', 'process.stdout.write(require("electron"))'], {
    cwd: root,
    encoding: 'utf8',
    timeout: 600_000,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (probe.status !== 0 || !probe.stdout) {
    // The download's own stack traces say less than its first error line.
    const cause = /^\w*Error: (.+)$/m.exec(probe.stderr ?? '')?.[1] ?? (probe.error ? probe.error.message : 'no answer');
    return { why: `Electron's binary could not be downloaded or found (${cause.slice(0, 200)})` };
  }
  if (!existsSync(probe.stdout)) return { why: `Electron's binary is not at ${probe.stdout}` };
  return { electron: probe.stdout };
}

function run(command, args) {
  const r = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  return r.status ?? 1;
}

const found = panelProblem();
if (found.electron) {
  console.error('Starting Assistive Control: building the panel, then opening it.');
  if (run('npm', ['run', '--silent', 'build']) !== 0) {
    console.error('The panel did not build (see above). Run "npm ci" again, then "npm start".');
    process.exit(1);
  }
  const app = spawn(found.electron, ['.'], { cwd: root, stdio: 'inherit', env });
  app.on('exit', (code) => process.exit(code ?? 0));
} else {
  console.error(`The panel cannot open here: ${found.why}. Starting the command line instead.`);
  // The bin of this checkout, through this Node: a session at a terminal.
  const bin = createRequire(import.meta.url).resolve('../bin/assistive-control.mjs');
  const cli = spawn(process.execPath, [bin, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit', env });
  // Ctrl-C belongs to the command line (it stops the running command), not to this launcher.
  process.on('SIGINT', () => undefined);
  cli.on('exit', (code) => process.exit(code ?? 0));
}
