#!/usr/bin/env node
// Runs the command line's bundle (out/cli/bundle/cli.mjs), built by `npm install` or `npm run build:cli`.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import nodeModule from 'node:module';
import { fileURLToPath } from 'node:url';
import { findOwnNode, isTooOld, tooOldMessage } from './node-runtime.mjs';

// An installed package starts this on its own Electron as Node (ELECTRON_RUN_AS_NODE=1): the
// variable must not reach what the command line starts (another Electron app would run as Node).
delete process.env.ELECTRON_RUN_AS_NODE;

const bundle = new URL('../out/cli/bundle/cli.mjs', import.meta.url);
const root = fileURLToPath(new URL('..', import.meta.url));

const ownNode = isTooOld(process.versions.node) ? findOwnNode(root) : undefined;
if (isTooOld(process.versions.node)) {
  if (process.env.AC_NODE_HANDED_OVER !== '1' && ownNode) {
    // The checkout's own Node takes over; this process only waits for it. Ctrl-C reaches both
    // (one process group): the command line handles it, this one must not die of it.
    const child = spawn(ownNode, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
      stdio: 'inherit',
      env: { ...process.env, AC_NODE_HANDED_OVER: '1' },
    });
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => signal !== 'SIGINT' && child.kill(signal));
    child.on('error', (e) => {
      process.stderr.write(`The checkout's own Node could not start (${e.message}). Run "npm ci" in the folder Assistive Control is in.\n`);
      process.exitCode = 1;
    });
    child.on('exit', (code, signal) => (process.exitCode = code ?? (signal === 'SIGINT' ? 130 : 1)));
  } else {
    const installed = existsSync(new URL('../node_modules', import.meta.url));
    process.stderr.write(tooOldMessage(process.versions.node, { installed, platform: `${process.platform} ${process.arch}` }));
    process.exitCode = 1;
  }
} else if (existsSync(bundle)) {
  // V8's compiled code for the bundle kept on disk (Node 22.1 and newer, in the system's temporary
  // folder): later starts skip parsing and compiling it.
  nodeModule.enableCompileCache?.();
  await import(bundle.href);
} else {
  process.stderr.write('The assistive-control command line is not built: run "npm run build:cli" in the folder Assistive Control is installed in.\n');
  process.exitCode = 1;
}
