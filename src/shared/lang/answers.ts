/**
 * The answer words in force for a language (issue #32 item 6): the chosen language's words and,
 * for a language other than English, the English ones as well, since speech engines and people mix
 * the two ("okay", "cancel"); the sentences the assistant says back are the chosen language's. The
 * deliberate rule for a destructive step by voice (issue #27) holds in every language: an ambient
 * "ok" or "ja" is plain in both, only "confirm" / "bestätigen" or a yes naming the question's words
 * is deliberate.
 */
import { DEFAULT_LANGUAGE, type Language } from '../language.js';
import type { AnswerSentences, AnswerWords } from './answer-table.js';
import { DE_ANSWERS, DE_ANSWER_SENTENCES } from './de/answers.js';
import { EN_ANSWERS, EN_ANSWER_SENTENCES } from './en/answers.js';

const SENTENCES: Readonly<Record<Language, AnswerSentences>> = { en: EN_ANSWER_SENTENCES, de: DE_ANSWER_SENTENCES };

const union = (a: readonly string[], b: readonly string[]): string[] => [...new Set([...a, ...b])];

function merged(own: AnswerWords, english: AnswerWords): AnswerWords {
  return {
    confirm: union(own.confirm, english.confirm),
    cancel: union(own.cancel, english.cancel),
    deliberate: union(own.deliberate, english.deliberate),
    // Longest first, so "ich bestätige" is read before "ich…" and "yes do it" before "yes".
    namingStarts: union(own.namingStarts, english.namingStarts).sort((x, y) => y.length - x.length),
    filler: union(own.filler, english.filler),
    numbers: { ...english.numbers, ...own.numbers },
    ordinals: { ...english.ordinals, ...own.ordinals },
    ordinalEndings: union(own.ordinalEndings, english.ordinalEndings),
    articles: union(own.articles, english.articles),
    pickNouns: union(own.pickNouns, english.pickNouns),
    pickEndings: union(own.pickEndings, english.pickEndings),
  };
}

const IN_FORCE: Readonly<Record<Language, AnswerWords>> = {
  en: { ...EN_ANSWERS, namingStarts: [...EN_ANSWERS.namingStarts].sort((x, y) => y.length - x.length) },
  de: merged(DE_ANSWERS, EN_ANSWERS),
};

/** The words that answer in `language`: its own, plus English. */
export function answerWordsFor(language: Language = DEFAULT_LANGUAGE): AnswerWords {
  return IN_FORCE[language];
}

/** What the assistant says about answers in `language`. */
export function answerSentencesFor(language: Language = DEFAULT_LANGUAGE): AnswerSentences {
  return SENTENCES[language];
}
