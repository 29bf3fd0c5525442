// The macOS build's deployment target (issue #20): gyp generates the macOS Makefile here (the make
// generator's mac flavour, with stand-ins for xcrun and xcodebuild, which only report versions),
// and the compile line must say 11.0 — node-addon-api's except.gypi used to overwrite it with 10.7.
import { execFile } from 'node:child_process';
import { chmod, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { suiteTempDir } from '../support/temp-dir.js';

const run = promisify(execFile);
const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url));
const ADDON_DIR = here('../../native/ax-bridge');
const GYP = here('../../node_modules/node-gyp/gyp/gyp_main.py');

describe('binding.gyp on macOS', () => {
  const tempDir = suiteTempDir('axb-gyp-');
  let dir = '';
  beforeAll(async () => {
    dir = tempDir();
    await writeFile(join(dir, 'xcrun'), '#!/bin/sh\ncase "$*" in *show-sdk-version*) echo 14.0 ;; *) echo "$0-sdk" ;; esac\n');
    await writeFile(join(dir, 'xcodebuild'), '#!/bin/sh\ncase "$*" in *-version*) printf "Xcode 15.0\\nBuild version 15A240d\\n" ;; *) echo "$0-sdk" ;; esac\n');
    await chmod(join(dir, 'xcrun'), 0o755);
    await chmod(join(dir, 'xcodebuild'), 0o755);
    // What node-gyp's common.gypi gives every target (the type, and Node's own deployment target).
    await writeFile(join(dir, 'defaults.gypi'), "{ 'target_defaults': { 'type': 'loadable_module', 'xcode_settings': { 'MACOSX_DEPLOYMENT_TARGET': '10.15' } } }\n");
  });

  it('compiles and links for macOS 11.0, with C++ exceptions and ARC', async () => {
    const out = join(dir, 'out');
    await run('python3', [GYP, 'binding.gyp', '-f', 'make-mac', '-DOS=mac', '--depth=.', '-I', join(dir, 'defaults.gypi'), `--generator-output=${out}`, `-Goutput_dir=${out}`], {
      cwd: ADDON_DIR,
      env: { ...process.env, PATH: `${dir}:${process.env.PATH ?? ''}` },
      timeout: 60_000,
    });
    const makefile = await readFile(join(out, 'ax_bridge.target.mk'), 'utf8');
    const targets = [...makefile.matchAll(/-mmacosx-version-min=([\d.]+)/g)].map((m) => m[1]);
    expect(targets.length).toBeGreaterThanOrEqual(2); // compile and link
    expect(new Set(targets)).toEqual(new Set(['11.0']));
    expect(makefile).toContain("'-DNAPI_CPP_EXCEPTIONS'");
    expect(makefile).toContain('-fobjc-arc');
    expect(makefile).toContain('src/mac/ax_bridge.o');
    // Every Objective-C++ file of the macOS half is compiled (issue #28 split ax_bridge.mm by topic).
    const mm = (await readdir(join(ADDON_DIR, 'src/mac'))).filter((n) => n.endsWith('.mm'));
    expect(mm).toEqual(expect.arrayContaining(['ax_bridge.mm', 'apps.mm', 'snapshot.mm', 'actions.mm', 'text.mm']));
    for (const name of mm) expect(makefile).toContain(`src/mac/${name.replace(/\.mm$/, '.o')}`);
    expect(makefile).not.toContain('-fno-exceptions');
    expect(makefile).toMatch(/-I\$\(srcdir\)\/\S*node-addon-api/);
  }, 90_000);
});
