#!/usr/bin/env node
// The project's one test command (`npm test`): lint and the layering rule, type checks, then the suite.
// Each step's output streams through; the first failure stops the run with its exit code.
import { spawnSync } from 'node:child_process';

const steps = [
  ['lint and layers', 'npm', ['run', '--silent', 'lint']],
  ['type check', 'npm', ['run', '--silent', 'typecheck']],
  ['tests', 'npx', ['vitest', 'run', ...process.argv.slice(2)]],
];

for (const [name, cmd, args] of steps) {
  console.log(`\n== ${name}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`\n${name} failed (exit ${r.status ?? r.signal}).`);
    process.exit(r.status || 1);
  }
}
