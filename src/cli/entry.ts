/** The command line's entry point: the bundle's first module (scripts/build-cli.mjs). */
import { main } from './main.js';

process.exitCode = await main(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env });
