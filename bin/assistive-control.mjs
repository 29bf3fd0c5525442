#!/usr/bin/env node
// Runs the command line's bundle (out/cli/bundle/cli.mjs), built by `npm install` or `npm run build:cli`.
import { existsSync } from 'node:fs';

const bundle = new URL('../out/cli/bundle/cli.mjs', import.meta.url);
if (existsSync(bundle)) {
  await import(bundle.href);
} else {
  process.stderr.write('The assistive-control command line is not built: run "npm run build:cli" in the folder Assistive Control is installed in.\n');
  process.exitCode = 1;
}
