import { describe, expect, it } from 'vitest';
import { scanTree, type ScanContext } from '../../src/panel/switch/switch-scan.js';
import { sessionCommand } from '../../src/shared/session-commands.js';
import { itGives } from '../support/tables.js';

const idle: ScanContext = { busy: false, options: [], recent: ['click Send'], quick: ['scroll down'] };

describe('the scan speed in the switch scan and the session words (issue #31)', () => {
  it('offers "Use 1.2 s" and "Keep the scan speed" in the first entry while idle, only when offered', () => {
    const first = scanTree({ ...idle, rateOffer: '1.2 s' })[0];
    expect(first?.label).toBe('Scan every 1.2 s?');
    expect(first?.type === 'group' ? first.children.map((c) => c.label) : []).toEqual(['Use 1.2 s', 'Keep the scan speed']);
    expect(first?.type === 'group' ? first.children[0] : undefined).toMatchObject({ action: { kind: 'scan_rate', step: 'use' } });
    expect(scanTree(idle).map((n) => n.label)).not.toContain('Scan every 1.2 s?');
  });

  it('does not offer it over a question, while dictating, or after Take it back', () => {
    expect(scanTree({ ...idle, rateOffer: '1.2 s', options: ['Yes', 'No'] }).map((n) => n.label)).not.toContain('Scan every 1.2 s?');
    expect(scanTree({ ...idle, rateOffer: '1.2 s', dictation: 'dictation' }).map((n) => n.label)).not.toContain('Scan every 1.2 s?');
    expect(
      scanTree({ ...idle, rateOffer: '1.2 s', takeBack: true })
        .map((n) => n.label)
        .slice(0, 2),
    ).toEqual(['Take it back', 'Scan every 1.2 s?']);
  });

  itGives('"%s" is %s', sessionCommand, [
    ['slower', 'scan_slower'],
    ['Scan slower, please.', 'scan_slower'],
    ['slow down the scan', 'scan_slower'],
    ['faster', 'scan_faster'],
    ['speed up the scan', 'scan_faster'],
    ['faster than light', undefined],
  ] as const);
});
