#!/usr/bin/env node
// Compiles the accessibility bridge and copies it to prebuilds/<platform>-<arch>/ax_bridge.node,
// the binary the published package ships (N-API: one per platform and architecture, any Node ≥ 20),
// so that installing the package compiles nothing where it loads. Run by `npm pack` (prepack).
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const built = join(root, 'native', 'ax-bridge', 'build', 'Release', 'ax_bridge.node');
const target = join(root, 'prebuilds', `${process.platform}-${process.arch}`, 'ax_bridge.node');

if (!existsSync(built)) {
  const r = spawnSync(process.execPath, [join(root, 'scripts', 'build-native.mjs')], {
    stdio: 'inherit',
    env: { ...process.env, AC_FORCE_NATIVE_BUILD: '1', AC_REQUIRE_NATIVE: '1' },
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
mkdirSync(dirname(target), { recursive: true });
copyFileSync(built, target);
console.log(`prebuild: prebuilds/${process.platform}-${process.arch}/ax_bridge.node`);
