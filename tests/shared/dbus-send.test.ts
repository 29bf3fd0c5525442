// One question to a session bus (src/shared/dbus-send.ts), against a real bus daemon this test starts:
// the printed reply when the bus answers; undefined when there is no bus, or when the bus is stalled
// and the deadline kills dbus-send (the daemon is stopped with SIGSTOP, so it never answers).
import { execFile, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbusSend, type ExecFile } from '../../src/shared/dbus-send.js';

const run = execFile as unknown as ExecFile;
const skipReason = existsSync('/usr/bin/dbus-daemon') && existsSync('/usr/bin/dbus-send') ? '' : 'no dbus-daemon and dbus-send on this platform';
if (skipReason) console.log(`[dbus-send] skipped: ${skipReason}`);

const LIST_NAMES = ['--print-reply', '--dest=org.freedesktop.DBus', '/org/freedesktop/DBus', 'org.freedesktop.DBus.ListNames'];

describe.skipIf(skipReason !== '')('dbusSend', () => {
  let daemon: ChildProcessWithoutNullStreams;
  let address = '';

  beforeAll(async () => {
    daemon = spawn('dbus-daemon', ['--session', '--nofork', '--print-address=1']);
    address = await new Promise<string>((resolve, reject) => {
      daemon.once('error', reject);
      daemon.once('exit', (code) => reject(new Error(`dbus-daemon ended (${code})`)));
      createInterface({ input: daemon.stdout }).once('line', (line) => resolve(line.trim()));
    });
  });

  afterAll(() => {
    daemon.kill('SIGCONT');
    daemon.kill('SIGKILL');
  });

  it('returns the printed reply of a bus that answers', async () => {
    const reply = await dbusSend(run, LIST_NAMES, { ...process.env, DBUS_SESSION_BUS_ADDRESS: address });
    expect(reply).toContain('method return');
    expect(reply).toContain('"org.freedesktop.DBus"');
  });

  it('returns undefined when there is no bus at the address', async () => {
    expect(await dbusSend(run, LIST_NAMES, { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' })).toBeUndefined();
  });

  it('returns undefined at the deadline when the bus never answers', async () => {
    expect(daemon.kill('SIGSTOP')).toBe(true);
    try {
      const started = performance.now();
      expect(await dbusSend(run, LIST_NAMES, { ...process.env, DBUS_SESSION_BUS_ADDRESS: address }, 300)).toBeUndefined();
      // dbus-send's own reply timeout is 25 s: only the deadline's kill ends it this soon.
      expect(performance.now() - started).toBeLessThan(20_000);
    } finally {
      daemon.kill('SIGCONT');
    }
  });
});
