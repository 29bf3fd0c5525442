// The terminal's confirmation prompt (src/cli/confirm-at-prompt.ts) in the user's language: the
// question and what a line that answers nothing is told, through the real dialogue.
import { describe, expect, it } from 'vitest';
import { Dialogue } from '../../src/agent/dialogue.js';
import type { ConfirmationRequest } from '../../src/agent/loop-types.js';
import { confirmAtPrompt, type PromptLine } from '../../src/cli/confirm-at-prompt.js';
import type { Language } from '../../src/shared/language.js';

const request: ConfirmationRequest = {
  id: 'q1',
  summary: 'Click “Alle löschen”.',
  risk: { level: 'destructive', reason: 'Clicking “Alle löschen” may delete something for good.' },
};

/** Answers the prompt with `lines` in turn; returns the answer and every prompt shown. */
async function answer(language: Language, lines: readonly string[]) {
  const dialogue = new Dialogue({ pending: () => undefined, closePending: () => undefined, running: () => false, language: () => language });
  const prompts: string[] = [];
  const next = async (prompt: string): Promise<PromptLine | undefined> => {
    prompts.push(prompt);
    const text = lines[prompts.length - 1];
    return text === undefined ? undefined : { text };
  };
  const result = await confirmAtPrompt(dialogue, request, new AbortController().signal, { first: next, again: next, stop: () => undefined });
  return { result, prompts };
}

describe('the terminal prompt in the user’s language', () => {
  it('German: asks „Ausführen? [j/N]“, says in German what a line that answers nothing is, and takes „j“ (typed, a deliberate key press)', async () => {
    const { result, prompts } = await answer('de', ['vielleicht später', 'j']);
    expect(result).toBe('confirmed');
    expect(prompts[0]).toBe('Clicking “Alle löschen” may delete something for good. Click “Alle löschen”. Ausführen? [j/N] ');
    expect(prompts[1]).toMatch(/^“vielleicht später” ist weder ja noch nein, also ist nichts passiert\. .*\nAusführen\? \[j\/N\] $/s);
  });

  it('German: the English "y" and "no" still answer; Enter alone is no', async () => {
    expect((await answer('de', ['y'])).result).toBe('confirmed');
    expect((await answer('de', ['no'])).result).toBe('declined');
    expect((await answer('de', [''])).result).toBe('declined');
  });

  it('English: as it always was', async () => {
    const { result, prompts } = await answer('en', ['ja', 'n']);
    expect(result).toBe('declined');
    expect(prompts[0]?.endsWith('Do it? [y/N] ')).toBe(true);
    expect(prompts[1]).toMatch(/^“ja” is not a yes or a no, so nothing was done\. .*\nDo it\? \[y\/N\] $/s);
  });
});
