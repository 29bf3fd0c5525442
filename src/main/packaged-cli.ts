/**
 * `Assistive-Control.AppImage --cli doctor`: the command line from inside a package whose only way
 * in is the app's executable (an AppImage). The app's executable starts again as Node
 * (ELECTRON_RUN_AS_NODE, allowed on Linux by packaging/after-pack.cjs) with the command line's
 * starter, bin/assistive-control.mjs, which packages keep outside app.asar; this process only waits
 * for it and ends with its exit code. The deb needs none of this: /usr/bin/assistive-control does the
 * same as a shell script. On macOS the RunAsNode fuse stays off: the command line runs inside this
 * process instead (src/main/mac-cli.ts `runCliInApp`, unverified).
 */
import { join } from 'node:path';

/** The arguments after `--cli` (wherever the AppImage's launcher put its own before it), or undefined when it is absent. */
export function cliArguments(argv: readonly string[]): string[] | undefined {
  const at = argv.indexOf('--cli');
  return at === -1 ? undefined : argv.slice(at + 1);
}

/** The command line's starter, seen from the main bundle's folder (out/main): outside app.asar in a package. */
export function cliStarter(mainBundleDir: string): string {
  return join(mainBundleDir, '..', '..', 'bin', 'assistive-control.mjs').replace(/([/\\])app\.asar(?=[/\\])/, '$1app.asar.unpacked');
}

export interface CliChild {
  on(event: 'exit', listener: (code: number | null, signal: NodeJS.Signals | null) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

export interface PackagedCliDeps {
  readonly platform: NodeJS.Platform;
  readonly execPath: string;
  readonly starter: string;
  readonly args: readonly string[];
  readonly env: NodeJS.ProcessEnv;
  readonly spawn: (command: string, args: readonly string[], options: { stdio: 'inherit'; env: NodeJS.ProcessEnv }) => CliChild;
  readonly exit: (code: number) => void;
  readonly printError: (line: string) => void;
  /** macOS: runs the command line inside this process (its executable cannot run as Node there). */
  readonly inApp: () => Promise<void>;
}

/** Runs the command line as a child of this executable and exits with its code (130 after Ctrl-C, 1 when it could not start). */
export function runPackagedCli(deps: PackagedCliDeps): void {
  // Without RunAsNode a child would be a second app, not the command line: it runs in this process.
  if (deps.platform === 'darwin') {
    void deps.inApp();
    return;
  }
  const child = deps.spawn(deps.execPath, [deps.starter, ...deps.args], { stdio: 'inherit', env: { ...deps.env, ELECTRON_RUN_AS_NODE: '1' } });
  child.on('error', (e) => {
    deps.printError(`The Assistive Control command line could not start (${e.message}). Reinstall Assistive Control.`);
    deps.exit(1);
  });
  child.on('exit', (code, signal) => deps.exit(code ?? (signal === 'SIGINT' ? 130 : 1)));
}
