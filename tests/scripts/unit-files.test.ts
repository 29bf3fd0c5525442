// Which test files share one worker (tests/support/unit-files.ts, the "unit" project of
// vitest.config.ts): a file is a unit file only when neither it nor a test helper it imports reaches
// outside its own objects; everything else keeps a worker of its own.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { unitTestFiles } from '../support/unit-files.js';

/** A project folder holding `files` (path under tests/ → text). */
function project(files: Readonly<Record<string, string>>): string {
  const root = mkdtempSync(join(tmpdir(), 'ac-unit-files-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, 'tests', path)), { recursive: true });
    writeFileSync(join(root, 'tests', path), text);
  }
  return root;
}

const PURE = "import { expect, it } from 'vitest';\nit('adds', () => expect(1 + 1).toBe(2));\n";

describe('unit test files', () => {
  it('takes a file that only computes, and one that reads the environment or writes temporary files', () => {
    const root = project({
      'a/pure.test.ts': PURE,
      'a/reads-env.test.ts': `${PURE}const on = process.env.AC_X === '1' || process.env['AC_Y'] !== undefined;\n`,
      'a/temp.test.ts': `import { mkdtempSync } from 'node:fs';\n${PURE}`,
    });
    expect(unitTestFiles(root)).toEqual(['tests/a/pure.test.ts', 'tests/a/reads-env.test.ts', 'tests/a/temp.test.ts']);
  });

  it('leaves out desktop, install and browser tests by their names', () => {
    const root = project({ 'a.desktop.test.ts': PURE, 'b.install.test.ts': PURE, 'c.browser.test.ts': PURE, 'd.test.ts': PURE });
    expect(unitTestFiles(root)).toEqual(['tests/d.test.ts']);
  });

  it.each([
    ['a process', "import { spawn } from 'node:child_process';"],
    ['a mock', "vi.mock('../x.js');"],
    ['fake timers', 'vi.useFakeTimers();'],
    ['a server', "import { createServer } from 'node:http';"],
    ['the desktop helper', "import { until } from '../support/desktop.js';"],
    ['a write to the environment', "process.env.AC_X = '1';"],
    ['a write to globalThis', 'globalThis.fetch = undefined as never;'],
    ['a process handler', "process.on('exit', () => undefined);"],
  ])('leaves out a file with %s', (_what, line) => {
    expect(unitTestFiles(project({ 'a/x.test.ts': `${line}\n${PURE}` }))).toEqual([]);
  });

  it('leaves out a file whose helper, or its helper’s helper, starts a process; helpers outside tests/ are not followed', () => {
    const root = project({
      'a/uses-helper.test.ts': `import { run } from './helper.js';\n${PURE}`,
      'a/helper.ts': "export { run } from '../support/deeper.js';\n",
      'support/deeper.ts': "import { execFileSync } from 'node:child_process';\nexport const run = () => execFileSync('true');\n",
      'a/uses-src.test.ts': `import { x } from '../../src/spawns.js';\n${PURE}`,
    });
    expect(unitTestFiles(root)).toEqual(['tests/a/uses-src.test.ts']);
  });
});
