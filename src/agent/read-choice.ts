/**
 * Reads the user's answer to a question with options: which option, if the answer picks one.
 *
 * The answer may be typed, spoken (speech-to-text gives "two", "the second one", no curly quotes)
 * or picked with a switch (the option's text exactly). Anything that is not clearly one option is
 * `undefined`: the caller then treats it as a new command, never as a guess.
 */

const ORDINALS: Readonly<Record<string, number>> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  '1st': 1,
  '2nd': 2,
  '3rd': 3,
};

/** Case, white space, quotes of any kind and end punctuation do not count. */
function normalize(text: string): string {
  return text
    .toLowerCase()
    .replace(/[“”„‟"'‘’‚‛«»]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.!?]+$/, '')
    .trim();
}

/** "2", "the second", "second one", "number 2", "option two", "#2", "the 2nd": the 1-based number. */
function readNumber(text: string): number | undefined {
  const words = text.replace(/^#\s*/, '').split(' ');
  if (words[0] === 'the') words.shift();
  if (words[0] === 'number' || words[0] === 'option' || words[0] === 'choice') words.shift();
  if (words.length === 2 && words[1] === 'one') words.pop();
  if (words.length !== 1) return undefined;
  const word = words[0] ?? '';
  if (/^\d{1,2}$/.test(word)) return Number(word);
  const n = /^(\d{1,2})(?:st|nd|rd|th)$/.exec(word);
  if (n) return Number(n[1]);
  return ORDINALS[word];
}

/** The 0-based index of the option the answer picks, or undefined when it picks none. */
export function readChoice(answer: string, options: readonly string[]): number | undefined {
  const said = normalize(answer);
  if (said === '') return undefined;
  const exact = options.findIndex((option) => normalize(option) === said);
  if (exact >= 0) return exact;
  // Options made unique by a number ("1: “OK” …") are also picked by their text without it.
  const unnumbered = options.findIndex((option) => normalize(option.replace(/^\d+:\s*/, '')) === said);
  if (unnumbered >= 0 && options.filter((o) => normalize(o.replace(/^\d+:\s*/, '')) === said).length === 1) return unnumbered;
  const n = readNumber(said);
  return n !== undefined && n >= 1 && n <= options.length ? n - 1 : undefined;
}
