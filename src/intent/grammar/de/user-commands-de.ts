/**
 * "Save that as ‹name›" and "forget ‹name›" in German (issue #32 item 6), read by
 * src/intent/user-commands.ts beside the English ones whatever the language set: „merke dir das als
 * Posteingang“, „speichere das als Befehl Posteingang“, „vergiss den Befehl Posteingang“, „lösche den
 * Befehl Posteingang“. Saving by „speichere“ needs the word „Befehl“ („speichere das als PDF“ is the
 * app's save as); forgetting always names „Befehl“ („vergiss es“ and „vergiss das“ are a no).
 */
export const DE_SAVE_RE =
  /^(?:bitte\s+)?(?:(?:merke|merk)\s+dir\s+(?:das|dies|es)(?:\s+bitte)?\s+als(?:\s+(?:einen\s+|neuen\s+)?befehl)?|(?:speichere|speicher)\s+(?:das|dies|es)(?:\s+bitte)?\s+als\s+(?:einen\s+|neuen\s+)?befehl)\s+(.+)$/iu;
export const DE_FORGET_RE = /^(?:bitte\s+)?(?:vergiss|lösche|lösch|loesche|loesch|entferne|entfern)\s+(?:den\s+|meinen\s+)?befehl\s+(.+)$/iu;
