// The macOS app's command line (src/main/mac-cli.ts, issue #30 item 3; unverified on a Mac): the
// script installed in /usr/local/bin, osascript's arguments with paths that need quoting, every
// outcome of the install said in a sentence, and the command line run inside the app's process with
// its exit code (a real starter module imported here stands in for bin/assistive-control.mjs).
import { execFile } from 'node:child_process';
import { mkdtemp, writeFile, chmod } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { appleScriptString, installCommandLine, installScriptArgs, MAC_CLI_PATH, macCliScript, runCliInApp, shellWord } from '../../src/main/mac-cli.js';

const run = promisify(execFile);
const APP = '/Applications/Bob\'s "Tools"/Assistive Control.app/Contents/MacOS/Assistive Control';

describe('the installed script', () => {
  it('runs the app’s executable with --cli and every argument, whatever the path holds (run by sh here)', async () => {
    const dir = await mkdtemp(join(tmpdir(), "ac mac'cli "));
    // A stand-in for the app's executable at a path with a space, a quote and a double quote.
    const executable = join(dir, 'Assistive "Control"');
    await writeFile(executable, '#!/bin/sh\nprintf "%s|" "$@"\n');
    await chmod(executable, 0o755);
    const script = join(dir, 'assistive-control');
    await writeFile(script, macCliScript(executable));
    await chmod(script, 0o755);
    const { stdout } = await run(script, ['doctor', '--json', 'a b', "it's"]);
    expect(stdout).toBe("--cli|doctor|--json|a b|it's|");
  });

  it('quotes for the shell and for AppleScript', () => {
    expect(shellWord("it's")).toBe("'it'\\''s'");
    expect(appleScriptString('a "b" \\c')).toBe('"a \\"b\\" \\\\c"');
  });

  it('is installed by osascript with the administrator prompt, the prepared file passed as AppleScript quotes it', () => {
    expect(installScriptArgs('/var/folders/x y/"t".sh')).toEqual([
      '-e',
      `do shell script "mkdir -p /usr/local/bin && install -m 0755 " & quoted form of "/var/folders/x y/\\"t\\".sh" & " ${MAC_CLI_PATH}" with administrator privileges`,
    ]);
  });
});

describe('"Install the Command Line Tool…"', () => {
  const deps = (answer: { code: number; stderr: string } | Error, writes: string[] = []) => ({
    executable: APP,
    writeTemporary: async (text: string) => (writes.push(text), '/tmp/prepared.sh'),
    osascript: async () => {
      if (answer instanceof Error) throw answer;
      return answer;
    },
  });

  it('says where it is and how to use it when installed, having prepared the script for this app', async () => {
    const writes: string[] = [];
    expect(await installCommandLine(deps({ code: 0, stderr: '' }, writes))).toBe(
      'The command line tool is installed: type "assistive-control --help" in Terminal. Install it again if you move the app.',
    );
    expect(writes).toEqual([macCliScript(APP)]);
  });

  it('says so when the user cancels the administrator prompt, and when it fails', async () => {
    expect(await installCommandLine(deps({ code: 1, stderr: '0:97: execution error: User canceled. (-128)\n' }))).toBe(
      'The command line tool was not installed: the administrator prompt was cancelled.',
    );
    expect(await installCommandLine(deps({ code: 1, stderr: 'install: /usr/local/bin/assistive-control: Read-only file system\n' }))).toBe(
      'The command line tool could not be installed in /usr/local/bin (install: /usr/local/bin/assistive-control: Read-only file system). Nothing was changed.',
    );
    expect(await installCommandLine(deps(new Error('ENOENT')))).toBe(
      'The command line tool could not be installed in /usr/local/bin (osascript did not start). Nothing was changed.',
    );
  });

  it('says so when the script cannot be prepared', async () => {
    const failing = { ...deps({ code: 0, stderr: '' }), writeTemporary: async () => Promise.reject(new Error('EROFS')) };
    expect(await installCommandLine(failing)).toBe(
      'The command line tool could not be prepared (the temporary folder is not writable). Nothing was installed.',
    );
  });
});

describe('the command line inside the app (macOS)', () => {
  async function starter(body: string): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), 'ac-in-app-'));
    const file = join(dir, `starter-${Math.random().toString(36).slice(2)}.mjs`);
    await writeFile(file, body);
    return file;
  }

  async function inApp(file: string, args: string[]) {
    const calls: string[] = [];
    let code: number | undefined;
    const errors: string[] = [];
    let seen: unknown;
    await runCliInApp({
      starter: file,
      args,
      hideDock: () => void calls.push('hideDock'),
      importStarter: async (argv) => {
        calls.push('import');
        const m = (await import(pathToFileURL(argv[0] ?? '').href)) as { run: (a: readonly string[]) => Promise<number> };
        seen = await m.run(argv.slice(1));
      },
      exitCode: () => (typeof seen === 'number' ? seen : undefined),
      exit: (c) => void (code = c),
      printError: (line) => void errors.push(line),
    });
    return { calls, code, errors };
  }

  it('hides the Dock icon first, runs the starter with the arguments, and ends with its exit code', async () => {
    const file = await starter('export async function run(args) { return JSON.stringify(args) === \'["doctor","--json"]\' ? 4 : 9; }\n');
    expect(await inApp(file, ['doctor', '--json'])).toEqual({ calls: ['hideDock', 'import'], code: 4, errors: [] });
  });

  it('ends with 1 and a sentence when the starter cannot be loaded', async () => {
    const result = await inApp('/nonexistent/assistive-control.mjs', []);
    expect(result.code).toBe(1);
    expect(result.errors[0]).toMatch(/^The Assistive Control command line could not start \(.+\)\. Reinstall Assistive Control\.$/);
  });
});
