// "What can I say" as text (src/shared/command-guide.ts): the title says what is waiting, and the
// spoken guide reads one example per group for commands, every example for an answer.
import { describe, expect, it } from 'vitest';
import { guideTitle, spokenGuide, type CommandGuide } from '../../src/shared/command-guide.js';

const groups = [
  { title: 'Click', examples: ['click Send', 'click OK'], alsoSaid: ['press'] },
  { title: 'Type', examples: ['type hello'], alsoSaid: [] },
];

describe('command guide', () => {
  it.each<[CommandGuide, string]>([
    [{ scope: 'commands', groups }, 'What you can say, with examples.'],
    [{ scope: 'commands', app: 'gedit', groups }, 'What you can say, with examples from “gedit”.'],
    [{ scope: 'confirmation', groups }, 'A confirmation is waiting: you can answer it.'],
    [{ scope: 'question', groups }, 'A question is waiting: you can answer it.'],
    [{ scope: 'running', groups }, 'A command is running: you can stop it.'],
  ])('%j → %s', (guide, title) => {
    expect(guideTitle(guide)).toBe(title);
  });

  it.each<[CommandGuide['scope'], string]>([
    ['commands', 'What you can say, with examples. Click: click Send. Type: type hello.'],
    ['confirmation', 'A confirmation is waiting: you can answer it. Click: click Send, click OK. Type: type hello.'],
  ])('speaks the %s guide', (scope, spoken) => {
    expect(spokenGuide({ scope, groups })).toBe(spoken);
  });
});
