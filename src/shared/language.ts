/**
 * The languages the assistant understands and answers in (issue #32 item 6): the grammar, the
 * answers to its questions, "what can I say" and the spoken feedback. Each language's word tables
 * live in their own files; this is only the list and the default.
 */
export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

/** English until the user chooses another. */
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language named in itself, as the settings offer it. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { en: 'English', de: 'Deutsch' };
