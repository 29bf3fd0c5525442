/**
 * The words that ask for a picture of the screen in German (issue #32 item 6), read by
 * src/intent/vision-words.ts beside the English ones whatever the language set: „beschreibe den
 * Bildschirm“ and „was ist das?“ ask for a sentence about it, „schau auf den Bildschirm [und …]“ asks
 * to plan from it. „Was ist auf dem Bildschirm“ is not here: it lists the screen's elements (the
 * grammar's question), with no picture.
 */
export const DE_DESCRIBE_WORDS: readonly string[] = [
  ...['beschreibe', 'beschreib'].flatMap((v) => [`${v} den bildschirm`, `${v} meinen bildschirm`, `${v} das fenster`, `${v} dieses fenster`]),
  'was ist das',
  'was ist das hier',
  'was siehst du',
  'sag mir was du siehst',
  'sag mir, was du siehst',
  'was ist auf dem bild',
];

/** „schau auf den Bildschirm“, „sieh dir den Bildschirm an und klicke auf das rote Symbol“: the command after it, if any, in group 1. */
export const DE_LOOK_RE = /^(?:bitte )?(?:(?:schau|schaue|sieh|guck) (?:auf|dir) (?:den|meinen) bildschirm(?: an)?)(?:,? und|,? dann|,)?(?: (.*))?$/iu;
