// Question ids (src/agent/question-id.ts): unique in the process, so an answer naming an earlier
// question finds nothing.
import { describe, expect, it } from 'vitest';
import { questionId } from '../../src/agent/question-id.js';

describe('questionId', () => {
  it('never gives the same id twice, each “q” and a number', () => {
    const ids = Array.from({ length: 50 }, () => questionId());
    expect(new Set(ids).size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^q\d+$/);
  });

  it('counts up', () => {
    const a = Number(questionId().slice(1));
    const b = Number(questionId().slice(1));
    expect(b).toBeGreaterThan(a);
  });
});
