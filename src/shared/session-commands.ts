/**
 * Commands the panel's session answers itself, before any planner: "stop" (it must work whatever
 * runs, and never wait for or reach an LLM) and showing or hiding the numbered overlay.
 */
export type SessionCommand = 'stop' | 'show_numbers' | 'hide_numbers';

const PHRASES: Readonly<Record<string, SessionCommand>> = {
  stop: 'stop',
  'stop it': 'stop',
  'stop that': 'stop',
  'show numbers': 'show_numbers',
  'show the numbers': 'show_numbers',
  'show numbers again': 'show_numbers',
  'hide numbers': 'hide_numbers',
  'hide the numbers': 'hide_numbers',
  'close numbers': 'hide_numbers',
};

/** The session command a text is (case, spaces and a final full stop or "please" ignored), if any. */
export function sessionCommand(text: string): SessionCommand | undefined {
  const phrase = text
    .toLowerCase()
    .trim()
    .replace(/[.!]+$/u, '')
    .replace(/^please\s+|\s+please$/gu, '')
    .replace(/\s+/gu, ' ')
    .trim();
  return PHRASES[phrase];
}
