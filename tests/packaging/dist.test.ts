// What `npm run dist` (scripts/dist.mjs) asks of electron-builder on each machine, and the deb that
// packaging/fpm-deb.mjs builds from electron-builder's fpm arguments, checked with dpkg-deb itself.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain JavaScript run by node, without types
import { controlFile, parseFpmArgs } from '../../packaging/fpm-deb.mjs';
// @ts-expect-error -- plain JavaScript run by node, without types
import { packagingPlan } from '../../scripts/dist.mjs';

const noFpm = { PATH: '/nowhere' };

describe('npm run dist on Linux', () => {
  it('builds the deb with dpkg-deb where no fpm is at hand, and says so', () => {
    const plan = packagingPlan({ env: noFpm, platform: 'linux' });
    expect(plan.env.CUSTOM_FPM_PATH).toMatch(/packaging\/fpm-deb\.mjs$/);
    expect(plan.said).toContain('No fpm on PATH: the deb is built with dpkg-deb (packaging/fpm-deb.mjs).');
  });

  it('leaves fpm to electron-builder when the user chose one', () => {
    expect(packagingPlan({ env: { ...noFpm, USE_SYSTEM_FPM: 'true' }, platform: 'linux' }).env.CUSTOM_FPM_PATH).toBeUndefined();
    expect(packagingPlan({ env: { ...noFpm, CUSTOM_FPM_PATH: '/opt/fpm/bin/fpm' }, platform: 'linux' }).env.CUSTOM_FPM_PATH).toBeUndefined();
  });

  it('names the deb’s homepage and maintainer from the environment, or says what it used instead', () => {
    const given = packagingPlan({ env: { ...noFpm, AC_PACKAGE_HOMEPAGE: 'https://example.org/ac', AC_PACKAGE_MAINTAINER: 'A Person <a@example.org>' }, platform: 'linux' });
    expect(given.args).toEqual(expect.arrayContaining(['-c.extraMetadata.homepage=https://example.org/ac', '-c.deb.maintainer=A Person <a@example.org>']));
    expect(given.said.filter((line: string) => line.startsWith('AC_PACKAGE'))).toEqual([]);
    const missing = packagingPlan({ env: noFpm, platform: 'linux' });
    expect(missing.said).toEqual(expect.arrayContaining([expect.stringMatching(/^AC_PACKAGE_HOMEPAGE is not set/), expect.stringMatching(/^AC_PACKAGE_MAINTAINER is not set/)]));
  });

  it('packages with a stand-in Electron and into another folder when asked', () => {
    const plan = packagingPlan({ env: noFpm, platform: 'linux', electronDist: '/tmp/stand-in', output: '/tmp/out' });
    expect(plan.args).toEqual(expect.arrayContaining(['--config', 'electron-builder.config.cjs', '-c.electronDist=/tmp/stand-in', '-c.directories.output=/tmp/out']));
  });
});

describe('npm run dist on macOS', () => {
  it('signs ad-hoc and skips notarisation without a Developer ID, each said in a line', () => {
    const plan = packagingPlan({ env: {}, platform: 'darwin' });
    expect(plan.args).toEqual(expect.arrayContaining(['-c.mac.identity=-', '-c.mac.hardenedRuntime=false', '-c.mac.notarize=false']));
    expect(plan.said).toHaveLength(2);
  });

  it('signs with the Developer ID and notarises when the environment has them', () => {
    const env = { CSC_LINK: '/secrets/id.p12', APPLE_API_KEY: '/secrets/key.p8', APPLE_API_KEY_ID: 'K', APPLE_API_ISSUER: 'I' };
    const plan = packagingPlan({ env, platform: 'darwin' });
    expect(plan.args.filter((a: string) => a.startsWith('-c.mac.'))).toEqual([]);
    expect(plan.said).toEqual([]);
  });

  it('does not notarise an app signed ad-hoc, even with the notary’s keys', () => {
    const plan = packagingPlan({ env: { APPLE_API_KEY: 'k', APPLE_API_KEY_ID: 'K', APPLE_API_ISSUER: 'I' }, platform: 'darwin' });
    expect(plan.args).toEqual(expect.arrayContaining(['-c.mac.identity=-', '-c.mac.notarize=false']));
  });
});

/** electron-builder's fpm arguments for a small deb (FpmTarget.build's order). */
function fpmArgs(out: string, root: string, scripts: string): string[] {
  return [
    '-s', 'dir', '--force', '-t', 'deb', '-d', 'libatspi2.0-0', '-d', 'xdg-utils', '--deb-recommends', 'speech-dispatcher | espeak-ng',
    '--deb-compression', 'gz', '--architecture', 'amd64', '--after-install', join(scripts, 'postinst'), '--after-remove', join(scripts, 'postrm'),
    '--description', 'Control your computer.\n Longer text.', '--version', '0.1.0', '--package', out, '--name', 'ac-test', '--maintainer', 'A <a@b.c>',
    '--vendor', 'A <a@b.c>', '--url', 'http://localhost/', '--category', 'utils', '--deb-priority', 'optional',
    `${root}/=/opt/AC`, `${join(scripts, 'entry.desktop')}=/usr/share/applications/ac-test.desktop`,
  ];
}

describe('packaging/fpm-deb.mjs', () => {
  it('refuses an fpm option it does not know, in a sentence', () => {
    expect(() => parseFpmArgs(['-s', 'dir', '-t', 'deb', '--rpm-os', 'linux'])).toThrow('fpm-deb: the option --rpm-os is not supported; build the deb with fpm itself (USE_SYSTEM_FPM=true).');
  });

  it('writes the description as Debian wants it: a synopsis, then lines indented by a space, an empty one as " ."', () => {
    const parsed = parseFpmArgs(fpmArgs('/x.deb', '/r', '/s').map((a) => (a.startsWith('Control') ? 'Synopsis\n\nMore.\n' : a)));
    expect(controlFile(parsed, 12)).toContain('Description: Synopsis\n .\n More.\n');
  });

  const noDpkgDeb = spawnSync('dpkg-deb', ['--version']).status !== 0;
  if (noDpkgDeb) console.log('this system has no dpkg-deb (not Debian or Ubuntu): the deb build check is skipped');
  it.skipIf(noDpkgDeb)('builds a deb whose control, scripts and files dpkg-deb reads back', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ac-fpm-deb-'));
    const root = join(dir, 'root');
    const scripts = join(dir, 'scripts');
    mkdirSync(join(root, 'bin'), { recursive: true });
    mkdirSync(scripts);
    writeFileSync(join(root, 'bin', 'tool'), '#!/bin/sh\n', { mode: 0o755 });
    writeFileSync(join(scripts, 'postinst'), '#!/bin/sh\necho installed\n');
    writeFileSync(join(scripts, 'postrm'), '#!/bin/sh\necho removed\n');
    writeFileSync(join(scripts, 'entry.desktop'), '[Desktop Entry]\n');
    const out = join(dir, 'ac-test.deb');
    execFileSync(process.execPath, [join('packaging', 'fpm-deb.mjs'), ...fpmArgs(out, root, scripts)]);
    const field = (name: string): string => execFileSync('dpkg-deb', ['--field', out, name], { encoding: 'utf8' }).trim();
    expect(field('Depends')).toBe('libatspi2.0-0, xdg-utils');
    expect(field('Recommends')).toBe('speech-dispatcher | espeak-ng');
    expect(field('Homepage')).toBe('http://localhost/');
    const listing = execFileSync('dpkg-deb', ['--contents', out], { encoding: 'utf8' });
    expect(listing).toMatch(/^drwxr-xr-x root\/root .* \.\/$/m);
    expect(listing).toMatch(/^-rwxr-xr-x root\/root .* \.\/opt\/AC\/bin\/tool$/m);
    expect(listing).toContain('./usr/share/applications/ac-test.desktop');
    expect(execFileSync('dpkg-deb', ['--info', out, 'postinst'], { encoding: 'utf8' })).toBe('#!/bin/sh\necho installed\n');
  });
});
