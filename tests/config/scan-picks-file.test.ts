import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PICKS_APPS_MAX, PICKS_PER_APP_MAX, SCAN_PICKS_FILE_NAME, readScanPicks, writeScanPicks } from '../../src/config/scan-picks-file.js';
import type { TargetUse } from '../../src/shared/scan-ranking.js';

const use = (label: string, last: number, count = 1): TargetUse => ({ role: 'button', label, count, last });
const folder = () => mkdtemp(join(tmpdir(), 'ac-picks-file-'));

describe('the scan picks file', () => {
  it('reads back what was written, per app', async () => {
    const dir = await folder();
    const picks = new Map([
      ['Mail', [use('Send', 5, 3), use('Reply', 2)]],
      ['Editor', [use('Save', 4)]],
    ]);
    await writeScanPicks(dir, picks);
    expect(await readScanPicks(dir)).toEqual(picks);
  });

  it.each([
    ['no file', undefined],
    ['not JSON', '{"version": 1, "apps": '],
    ['another shape', JSON.stringify({ version: 2, apps: {} })],
    ['a use without its count', JSON.stringify({ version: 1, apps: { Mail: [{ role: 'button', label: 'Send', last: 1 }] } })],
  ])('reads %s as no picks', async (_, text) => {
    const dir = await folder();
    if (text !== undefined) await writeFile(join(dir, SCAN_PICKS_FILE_NAME), text);
    expect(await readScanPicks(dir)).toEqual(new Map());
  });

  it('keeps the apps chosen in latest and a bounded list per app', async () => {
    const dir = await folder();
    const many = new Map<string, TargetUse[]>(Array.from({ length: PICKS_APPS_MAX + 5 }, (_, i) => [`App ${i}`, [use('OK', i)]]));
    many.set(
      'Busy',
      Array.from({ length: PICKS_PER_APP_MAX + 10 }, (_, i) => use(`B${i}`, 1000 - i)),
    );
    await writeScanPicks(dir, many);
    const kept = await readScanPicks(dir);
    expect(kept.size).toBe(PICKS_APPS_MAX);
    expect(kept.has('App 0')).toBe(false);
    expect(kept.get('Busy')).toHaveLength(PICKS_PER_APP_MAX);
    expect(JSON.parse(await readFile(join(dir, SCAN_PICKS_FILE_NAME), 'utf8'))).toMatchObject({ version: 1 });
  });
});
