#!/usr/bin/env node
// @ts-check
/**
 * The part of fpm that electron-builder's deb target uses, built with Debian's own dpkg-deb, for
 * machines where electron-builder cannot fetch its fpm (scripts/dist.mjs names this file in
 * CUSTOM_FPM_PATH when no fpm is on PATH). electron-builder calls it as it calls fpm:
 *
 *   fpm -s dir --force -t deb -d DEP… --deb-recommends PKG… --deb-compression xz --architecture amd64
 *       --after-install FILE --after-remove FILE --description TEXT --version V --package OUT.deb
 *       --name N --maintainer M --vendor V --url U [--category C] [--deb-priority P] [--license L]
 *       [--iteration I] SOURCE=DEST…
 *
 * A SOURCE ending in "/" is a folder whose contents go to DEST; any other is a file copied to DEST.
 * The after-install script becomes the package's postinst, the after-remove script its postrm.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Options that take a value; the ones marked many may repeat. */
const VALUED = new Set([
  '-s',
  '-t',
  '--log',
  '--deb-compression',
  '--architecture',
  '--after-install',
  '--after-remove',
  '--description',
  '--version',
  '--package',
  '--name',
  '--maintainer',
  '--vendor',
  '--url',
  '--category',
  '--deb-priority',
  '--license',
  '--iteration',
]);
const MANY = new Set(['-d', '--deb-recommends']);
const FLAGS = new Set(['--force', '--debug']);

/**
 * The command line read into options and SOURCE=DEST mappings. Throws with a sentence on an option
 * this stand-in does not know, so a newer electron-builder cannot pass one by unnoticed.
 * @param {readonly string[]} argv
 */
export function parseFpmArgs(argv) {
  /** @type {Record<string, string>} */
  const options = {};
  /** @type {Record<string, string[]>} */
  const lists = { '-d': [], '--deb-recommends': [] };
  /** @type {{ source: string, dest: string }[]} */
  const mappings = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (FLAGS.has(arg)) continue;
    if (VALUED.has(arg) || MANY.has(arg)) {
      const value = argv[++i];
      if (value === undefined) throw new Error(`fpm-deb: ${arg} needs a value.`);
      if (MANY.has(arg)) lists[arg].push(value);
      else options[arg] = value;
      continue;
    }
    if (arg.startsWith('-')) throw new Error(`fpm-deb: the option ${arg} is not supported; build the deb with fpm itself (USE_SYSTEM_FPM=true).`);
    const at = arg.indexOf('=');
    if (at <= 0) throw new Error(`fpm-deb: "${arg}" is not SOURCE=DEST.`);
    mappings.push({ source: arg.slice(0, at), dest: arg.slice(at + 1) });
  }
  if (options['-s'] !== 'dir' || options['-t'] !== 'deb') throw new Error('fpm-deb: only "-s dir -t deb" is supported.');
  for (const required of ['--name', '--version', '--architecture', '--package', '--maintainer', '--description']) {
    if (!options[required]) throw new Error(`fpm-deb: ${required} is missing.`);
  }
  return { options, depends: lists['-d'], recommends: lists['--deb-recommends'], mappings };
}

/**
 * The control file's text. The description's first line is the synopsis; the lines after it are
 * indented by one space, an empty one written " ." (Debian Policy 5.6.13).
 * @param {ReturnType<typeof parseFpmArgs>} parsed
 * @param {number} installedKiB
 */
export function controlFile(parsed, installedKiB) {
  const o = parsed.options;
  const [synopsis, ...rest] = o['--description'].split('\n').map((line) => line.trim());
  while (rest.length > 0 && !rest.at(-1)) rest.pop();
  const version = o['--iteration'] ? `${o['--version']}-${o['--iteration']}` : o['--version'];
  const fields = [
    ['Package', o['--name']],
    ['Version', version],
    ['Architecture', o['--architecture']],
    ['Maintainer', o['--maintainer']],
    ['Installed-Size', String(installedKiB)],
    ['Depends', parsed.depends.join(', ')],
    ['Recommends', parsed.recommends.join(', ')],
    ['Section', o['--category'] ?? ''],
    ['Priority', o['--deb-priority'] ?? 'optional'],
    ['Homepage', o['--url'] ?? ''],
    ['Description', [synopsis, ...rest.map((line) => ` ${line || '.'}`)].join('\n')],
  ];
  return `${fields
    .filter(([, value]) => value)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n')}\n`;
}

/** @param {readonly string[]} argv */
function build(argv) {
  const parsed = parseFpmArgs(argv);
  const stage = mkdtempSync(join(tmpdir(), 'fpm-deb-'));
  chmodSync(stage, 0o755); // the package's root: mkdtemp makes it private
  try {
    for (const { source, dest } of parsed.mappings) {
      const target = join(stage, dest);
      if (source.endsWith('/')) {
        cpSync(source, target, { recursive: true, verbatimSymlinks: true });
      } else {
        mkdirSync(dirname(target), { recursive: true });
        copyFileSync(source, target);
      }
    }
    const kib = Number(execFileSync('du', ['-sk', '--apparent-size', stage], { encoding: 'utf8' }).split('\t')[0]);
    mkdirSync(join(stage, 'DEBIAN'));
    writeFileSync(join(stage, 'DEBIAN', 'control'), controlFile(parsed, kib));
    for (const [option, script] of [
      ['--after-install', 'postinst'],
      ['--after-remove', 'postrm'],
    ]) {
      const from = parsed.options[option];
      if (!from) continue;
      copyFileSync(from, join(stage, 'DEBIAN', script));
      chmodSync(join(stage, 'DEBIAN', script), 0o755);
    }
    const compression = parsed.options['--deb-compression'] ?? 'xz';
    const level = process.env.AC_DEB_COMPRESSION_LEVEL ? [`-z${process.env.AC_DEB_COMPRESSION_LEVEL}`] : [];
    execFileSync('dpkg-deb', ['--root-owner-group', `-Z${compression === 'gz' ? 'gzip' : compression}`, ...level, '--build', stage, parsed.options['--package']], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    build(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  }
}
