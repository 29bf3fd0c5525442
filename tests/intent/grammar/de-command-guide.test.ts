// "Was kann ich sagen" (issue #32 item 6): the German guide's groups and examples, every one read by
// the German grammar as its group says; examples from the app in front; the title in German.
import { describe, expect, it } from 'vitest';
import { commandGuide, confirmationGuide, questionGuide, runningGuide } from '../../../src/intent/grammar/command-guide.js';
import { DE_ANSWER_GROUP, DE_OTHER_GROUPS, DE_SESSION_GROUP, DE_TEXT_EDIT_GROUP, DE_VERB_GROUPS } from '../../../src/intent/grammar/de/command-guide-de.js';
import { readTextEditDe } from '../../../src/intent/grammar/de/edit-de.js';
import { parseCommand } from '../../../src/intent/grammar/grammar-planner.js';
import { guideTitle } from '../../../src/shared/command-guide.js';
import { confirmationStrength, readChoice, readConfirmationAnswer } from '../../../src/shared/answer-words.js';
import { sessionCommand } from '../../../src/shared/session-commands.js';
import { readByTheLoop } from './loop-readers.js';

const options = { language: 'de', platform: 'linux' } as const;

describe('the German command guide', () => {
  const generic = [...Object.values(DE_VERB_GROUPS), ...DE_OTHER_GROUPS].flatMap((g) => g?.generic ?? []);

  it.each(generic.map((e) => [e.say, e.intent] as const))('%s is read as %s', (say, intent) => {
    const parsed = parseCommand(say, options);
    expect(parsed.kind === 'intent' ? parsed.intent.intent : parsed.reason).toBe(intent);
  });

  it('shows every generic example, with German titles and a German first sentence', () => {
    const guide = commandGuide(undefined, options);
    expect(guide.language).toBe('de');
    expect(guide.groups.flatMap((g) => g.examples)).toEqual(expect.arrayContaining(generic.map((e) => e.say)));
    expect(guide.groups.map((g) => g.title)).toContain('Einen Knopf, Link oder Tab klicken');
    expect(guideTitle(guide)).toBe('Was du sagen kannst, mit Beispielen.');
    // The English guide is as it was.
    expect(commandGuide(undefined, { platform: 'linux' }).groups[0]?.title).toBe('Click a button, link or tab');
  });

  it('takes examples from the app in front, each read back to the name it shows', () => {
    const guide = commandGuide(
      {
        app: 'Formular',
        elements: [
          { role: 'button', label: 'Absenden' },
          { role: 'text_field', label: 'Name' },
        ],
      },
      options,
    );
    expect(guide.app).toBe('Formular');
    expect(guideTitle(guide)).toBe('Was du sagen kannst, mit Beispielen aus „Formular“.');
    expect(guide.groups[0]?.examples[0]).toBe('klicke auf Absenden');
    expect(guide.groups.find((g) => g.title === 'Text schreiben')?.examples[0]).toBe('tippe "Hallo" in das Feld Name');
  });

  it('the other ways to say a verb come from the German verb table', () => {
    const open = commandGuide(undefined, options).groups.find((g) => g.title.startsWith('Ein Programm'));
    expect(open?.alsoSaid).toEqual(expect.arrayContaining(['starte', 'gehe zu']));
  });

  it('lists editing text, every example read as a German edit', () => {
    const edit = commandGuide(undefined, options).groups.find((g) => g.title === DE_TEXT_EDIT_GROUP.title);
    expect(edit?.examples).toHaveLength(7);
    for (const say of edit?.examples ?? []) expect(readTextEditDe(say), say).not.toBeNull();
  });

  it('the session’s words and the answers it lists are heard as German', () => {
    for (const say of DE_SESSION_GROUP.examples) expect(readByTheLoop(say, 'de'), say).toBe(true);
    const answers = DE_ANSWER_GROUP.examples.filter((a) => !/\d|zweite/u.test(a));
    for (const say of answers) expect(readConfirmationAnswer(say, 'de')).toBeDefined();
    expect(readChoice('die zweite', ['A', 'B'], 'de')).toBeDefined();
  });

  it('while something waits or runs, the guide is German too, and each of its words is heard in German', () => {
    const confirmation = confirmationGuide('de');
    expect(guideTitle(confirmation)).toBe('Eine Bestätigung wartet: du kannst sie beantworten.');
    const [doIt, deliberate, leave] = confirmation.groups;
    for (const say of doIt?.examples ?? []) expect(readConfirmationAnswer(say, 'de')).toBe('confirm');
    for (const say of deliberate?.examples ?? []) expect(confirmationStrength(say, 'Klicke auf „Löschen“', 'de')).toBe('deliberate');
    for (const say of leave?.examples ?? [])
      expect(say === 'stopp' ? sessionCommand(say, 'de') : readConfirmationAnswer(say, 'de')).toBe(say === 'stopp' ? 'stop' : 'cancel');
    const question = questionGuide(['Rot', 'Blau'], 'de');
    expect(guideTitle(question)).toBe('Eine Frage wartet: du kannst sie beantworten.');
    expect(question.groups[0]?.examples).toEqual(['Rot', 'Blau', '1', '2', 'die zweite']);
    expect(readChoice('die zweite', ['Rot', 'Blau'], 'de')).toBe(1);
    const running = runningGuide('de');
    expect(guideTitle(running)).toBe('Ein Befehl läuft: du kannst ihn anhalten.');
    expect(running.groups.flatMap((g) => [...g.examples, ...g.alsoSaid]).map((say) => sessionCommand(say, 'de'))).toEqual([
      'stop',
      'stop',
      'pause',
      'go_on',
      'pause',
      'go_on',
      'go_on',
    ]);
    // English stays English.
    expect(guideTitle(runningGuide())).toBe('A command is running: you can stop it.');
  });
});
