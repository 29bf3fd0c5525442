// Sleep and wake while listening continuously: what each transcript does in each state.
import { describe, expect, it } from 'vitest';
import { decideHeard, type Wakefulness } from '../../src/shared/listening.js';

/** Runs transcripts through the model from `start`; returns what was acted on and the final state. */
function hear(start: Wakefulness, texts: readonly string[]): { acted: string[]; state: Wakefulness } {
  let state = start;
  const acted: string[] = [];
  for (const text of texts) {
    const d = decideHeard(state, text);
    if (d.act) acted.push(text);
    state = d.next;
  }
  return { acted, state };
}

describe('sleep and wake', () => {
  it('awake, commands are acted on', () => {
    expect(hear('awake', ['click Increment', 'open Firefox'])).toEqual({ acted: ['click Increment', 'open Firefox'], state: 'awake' });
  });

  it('"go to sleep" then a command does nothing; "wake up" then the command runs', () => {
    expect(hear('awake', ['Go to sleep.', 'click Increment', 'Wake up!', 'click Increment'])).toEqual({ acted: ['click Increment'], state: 'awake' });
  });

  it('asleep, only "wake up" is heard: "stop", "yes" and "go to sleep" do nothing', () => {
    expect(hear('asleep', ['stop', 'yes', 'go to sleep', 'click Delete'])).toEqual({ acted: [], state: 'asleep' });
  });

  it('says what changed, and only then', () => {
    expect(decideHeard('awake', 'go to sleep').say).toMatch(/^Sleeping: .*“wake up”/);
    expect(decideHeard('asleep', 'please wake up').say).toMatch(/^Awake/);
    expect(decideHeard('asleep', 'hello').say).toBeUndefined();
    expect(decideHeard('awake', 'click Send').say).toBeUndefined();
  });

  it('the phrases are whole: "wake up the screen" or "sleep mode settings" are commands, not sleep or wake', () => {
    expect(decideHeard('awake', 'open sleep mode settings').act).toBe(true);
    expect(decideHeard('asleep', 'wake up the screen').next).toBe('asleep');
  });
});
