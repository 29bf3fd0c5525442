/**
 * German words as they are written without umlauts or ß ("Loeschen" for "Löschen", "schliessen"
 * for "schließen"): a keyboard without them, an app that avoids them, or a label that hides behind
 * the other spelling. Word tables add these spellings to their German words here, in one place.
 */

const SPELLED_OUT: Readonly<Record<string, string>> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue', ẞ: 'SS' };

/** The text with ä, ö, ü and ß written as ae, oe, ue and ss (composed first, so a decomposed ö counts). */
export function withoutUmlauts(text: string): string {
  return text.normalize('NFC').replace(/[äöüßÄÖÜẞ]/gu, (c) => SPELLED_OUT[c] ?? c);
}

/** Each phrase, then its spelling without umlauts where that differs; no phrase twice. */
export function withUmlautSpellings(phrases: readonly string[]): string[] {
  return [...new Set(phrases.flatMap((p) => [p, withoutUmlauts(p)]))];
}
