/**
 * Which test files vitest runs in one shared worker (the "unit" project in vitest.config.ts,
 * `isolate: false`): those whose own text and the test helpers they import (transitively) touch
 * nothing outside their own objects. A file is left in its own worker ("isolated") when it or a
 * helper it imports
 *   - drives the desktop, a browser, Electron, the keychain, whisper, espeak-ng or the voice detector;
 *   - starts a process, a worker thread or a server, or listens on a port;
 *   - mocks a module, stubs a global or the environment, spies, or fakes timers or the clock;
 *   - writes to process.env, globalThis, process handlers, the console or stdout.
 * Temporary files are allowed. New files are classified the same way when the suite starts; any
 * unit file must pass in any order (`npx vitest run --project unit --sequence.shuffle`).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** What keeps a file out of the shared worker, in the file or in a test helper it imports. */
export const NOT_UNIT = new RegExp(
  [
    // Outside the process, or shared by the whole process.
    'child_process',
    'worker_threads',
    'playwright',
    'chromium',
    'electron',
    'desktop\\.js',
    'AxBridge',
    'keyring',
    'whisper',
    'espeak',
    'Silero',
    'onnx',
    'createServer',
    '\\.listen\\(',
    'node:net',
    'node:http',
    'setInterval',
    // Mocks, stubs and fakes that outlive a file when they are not undone.
    'vi\\.mock',
    'vi\\.doMock',
    'vi\\.stubGlobal',
    'vi\\.stubEnv',
    'vi\\.spyOn',
    'vi\\.useFakeTimers',
    'vi\\.setSystemTime',
    // Writes to what every file shares.
    'process\\.env\\.[A-Za-z_]+ *=(?!=)',
    'process\\.env\\[[^\\]]+\\] *=(?!=)',
    'delete process\\.env',
    'process\\.chdir',
    'process\\.exitCode',
    'process\\.on\\(',
    'process\\.once\\(',
    'globalThis\\.[A-Za-z_$]+ *=(?!=)',
    'Object\\.defineProperty\\((process|globalThis)',
    'console\\.[a-z]+ *=(?!=)',
    'process\\.std(out|err)\\.write *=(?!=)',
  ].join('|'),
);

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });

/** The first thing in `file` or its test helpers that keeps it isolated, or undefined. */
function isolatedBy(file: string, testsDir: string, seen: Set<string>): string | undefined {
  if (seen.has(file)) return undefined;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  const found = NOT_UNIT.exec(text);
  if (found) return `${relative(testsDir, file)}: ${found[0]}`;
  for (const [, spec] of text.matchAll(/(?:from |import\()'(\.[^']+)'/g)) {
    const path = resolve(dirname(file), spec!);
    if (!path.startsWith(testsDir)) continue;
    const helper = [path.replace(/\.js$/, '.ts'), path.replace(/\.js$/, '.mjs'), path].find((p) => existsSync(p) && statSync(p).isFile());
    const reason = helper && isolatedBy(helper, testsDir, seen);
    if (reason) return reason;
  }
  return undefined;
}

/** The unit test files under `root`/tests, as paths relative to `root`, sorted. */
export function unitTestFiles(root: string): string[] {
  const testsDir = join(root, 'tests');
  return walk(testsDir)
    .filter((f) => /\.test\.ts$/.test(f) && !/\.(desktop|install|browser)\.test\.ts$/.test(f))
    .filter((f) => isolatedBy(f, testsDir, new Set()) === undefined)
    .map((f) => relative(root, f))
    .sort();
}
