// The per-day sums of the audit log's task lines (issue #31): a pure function, as a unit table.
import { describe, expect, it } from 'vitest';
import { effortByDay, readTaskEffort, taskEffortRecord } from '../../src/agent/effort-stats.js';

const task = (time: string, counts: Partial<{ presses: number; utterances: number; keystrokes: number; scanSteps: number }>, seconds: number) => ({
  time,
  kind: 'task_effort',
  outcome: 'done',
  presses: 0,
  utterances: 0,
  keystrokes: 0,
  scanSteps: 0,
  ...counts,
  seconds,
});
const UTC = () => 0;

describe('taskEffortRecord', () => {
  it('writes the counts, the end time and the seconds to a tenth', () => {
    const start = Date.parse('2026-03-01T10:00:00.000Z');
    expect(taskEffortRecord({ presses: 3, utterances: 0, keystrokes: 0, scanSteps: 9 }, 'done', start, start + 4_260)).toEqual({
      time: '2026-03-01T10:00:04.260Z',
      kind: 'task_effort',
      outcome: 'done',
      presses: 3,
      utterances: 0,
      keystrokes: 0,
      scanSteps: 9,
      seconds: 4.3,
    });
    // A start after the end (a clock changed) is not believed: 0 seconds.
    expect(taskEffortRecord({ presses: 1, utterances: 0, keystrokes: 0, scanSteps: 0 }, 'done', start + 5_000, start).seconds).toBe(0);
  });
});

describe('readTaskEffort', () => {
  it.each([
    ['an action line', { time: '2026-03-01T10:00:00Z', command: 'click Send', outcome: 'done' }, false],
    ['a task line', task('2026-03-01T10:00:00Z', { presses: 1 }, 2), true],
    ['a negative count', task('2026-03-01T10:00:00Z', { presses: -1 }, 2), false],
    ['a fraction', task('2026-03-01T10:00:00Z', { keystrokes: 1.5 }, 2), false],
    ['a count past the bound', task('2026-03-01T10:00:00Z', { presses: 100_001 }, 2), false],
    ['a bad time', task('yesterday', { presses: 1 }, 2), false],
    ['seconds past a day', task('2026-03-01T10:00:00Z', { presses: 1 }, 100_000), false],
    ['not an object', 'task_effort', false],
  ])('%s', (_name, line, read) => {
    expect(readTaskEffort(line) !== undefined).toBe(read);
  });
});

describe('effortByDay', () => {
  it.each([
    { name: 'no lines', lines: [], days: [] },
    {
      name: 'one day: sums, and the median of an odd count',
      lines: [
        task('2026-03-01T09:00:00Z', { presses: 3, scanSteps: 9 }, 4),
        { time: '2026-03-01T09:00:01Z', command: 'click 12', outcome: 'done' },
        task('2026-03-01T11:00:00Z', { utterances: 2 }, 1.5),
        task('2026-03-01T12:00:00Z', { keystrokes: 14 }, 10),
      ],
      days: [{ day: '2026-03-01', tasks: 3, presses: 3, utterances: 2, keystrokes: 14, scanSteps: 9, medianSeconds: 4 }],
    },
    {
      name: 'two days in any order, the median of an even count, oldest day first',
      lines: [
        task('2026-03-02T08:00:00Z', { presses: 1 }, 3),
        task('2026-03-01T23:59:59Z', { presses: 2 }, 2),
        task('2026-03-02T09:00:00Z', { presses: 4 }, 6),
      ],
      days: [
        { day: '2026-03-01', tasks: 1, presses: 2, utterances: 0, keystrokes: 0, scanSteps: 0, medianSeconds: 2 },
        { day: '2026-03-02', tasks: 2, presses: 5, utterances: 0, keystrokes: 0, scanSteps: 0, medianSeconds: 4.5 },
      ],
    },
    {
      name: 'an unreadable task line is skipped, not summed',
      lines: [task('2026-03-01T09:00:00Z', { presses: 3 }, 4), task('2026-03-01T09:00:00Z', { presses: -5 }, 4)],
      days: [{ day: '2026-03-01', tasks: 1, presses: 3, utterances: 0, keystrokes: 0, scanSteps: 0, medianSeconds: 4 }],
    },
  ])('$name', ({ lines, days }) => {
    expect(effortByDay(lines, UTC)).toEqual(days);
  });

  it('counts a task on the local day it ended', () => {
    // 23:30 UTC is the next day two hours east of UTC.
    expect(effortByDay([task('2026-03-01T23:30:00Z', { presses: 1 }, 1)], () => 120)[0]!.day).toBe('2026-03-02');
  });
});
