// `AppImage --cli …`: the arguments after --cli, the starter outside app.asar, and a real child
// process (this Node standing in for the app's executable, a script for the starter) whose exit
// code becomes the app's.
import { spawn } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliArguments, cliStarter, runPackagedCli } from '../../src/main/packaged-cli.js';

describe('the arguments', () => {
  it('are those after --cli, wherever the launcher put its own flags before it', () => {
    expect(cliArguments(['/tmp/.mount_x/assistive-control', '--no-sandbox', '--cli', 'doctor', '--json'])).toEqual(['doctor', '--json']);
    expect(cliArguments(['/opt/x/assistive-control', '--cli'])).toEqual([]);
  });

  it('are absent when the app is started (no --cli)', () => {
    expect(cliArguments(['/opt/x/assistive-control', '--no-sandbox'])).toBeUndefined();
  });
});

describe('the starter', () => {
  it('is read from app.asar.unpacked in a package', () => {
    expect(cliStarter('/tmp/.mount_AbC/resources/app.asar/out/main')).toBe('/tmp/.mount_AbC/resources/app.asar.unpacked/bin/assistive-control.mjs');
  });

  it('is the checkout’s bin when unpackaged', () => {
    expect(cliStarter('/home/me/assistive-control/out/main')).toBe('/home/me/assistive-control/bin/assistive-control.mjs');
  });
});

describe('the command line runs as a child and its exit code is the app’s', () => {
  async function starter(body: string): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), 'ac-packaged-cli-'));
    const file = join(dir, 'starter.mjs');
    await writeFile(file, body);
    return file;
  }

  function runWith(file: string, args: string[]): Promise<{ code: number; errors: string[] }> {
    return new Promise((resolve) => {
      const errors: string[] = [];
      runPackagedCli({
        platform: 'linux',
        execPath: process.execPath,
        starter: file,
        args,
        env: { PATH: process.env.PATH },
        spawn: (command, commandArgs, options) => spawn(command, commandArgs, { ...options, stdio: ['ignore', 'ignore', 'ignore'] }),
        exit: (code) => resolve({ code, errors }),
        printError: (line) => errors.push(line),
        inApp: () => Promise.reject(new Error('not on Linux')),
      });
    });
  }

  it('with ELECTRON_RUN_AS_NODE=1 and the arguments after --cli', async () => {
    const file = await starter(
      'process.exitCode = process.env.ELECTRON_RUN_AS_NODE === \'1\' && JSON.stringify(process.argv.slice(2)) === \'["doctor","--json"]\' ? 7 : 3;\n',
    );
    expect(await runWith(file, ['doctor', '--json'])).toEqual({ code: 7, errors: [] });
  });

  it('an executable that cannot start ends the app with 1 and a sentence', async () => {
    const errors: string[] = [];
    const code = await new Promise<number>((resolve) =>
      runPackagedCli({
        platform: 'linux',
        execPath: join(tmpdir(), 'no-such-assistive-control'),
        starter: '/nowhere/bin/assistive-control.mjs',
        args: [],
        env: {},
        spawn: (command, commandArgs, options) => spawn(command, commandArgs, options),
        exit: resolve,
        printError: (line) => errors.push(line),
        inApp: () => Promise.reject(new Error('not on Linux')),
      }),
    );
    expect(code).toBe(1);
    expect(errors).toEqual([expect.stringMatching(/^The Assistive Control command line could not start \(.*ENOENT.*\)\. Reinstall Assistive Control\.$/)]);
  });
});

describe('on macOS, where the app cannot run as Node', () => {
  it('starts no child (it would be a second app): the command line runs in this process', () => {
    const errors: string[] = [];
    let code: number | undefined;
    let spawned = false;
    let inApp = 0;
    runPackagedCli({
      platform: 'darwin',
      execPath: '/Applications/Assistive Control.app/Contents/MacOS/Assistive Control',
      starter: '/x',
      args: ['doctor'],
      env: {},
      spawn: () => {
        spawned = true;
        throw new Error('not reached');
      },
      exit: (c) => (code = c),
      printError: (line) => errors.push(line),
      inApp: async () => void inApp++,
    });
    expect({ spawned, code, errors, inApp }).toEqual({ spawned: false, code: undefined, errors: [], inApp: 1 });
  });
});
