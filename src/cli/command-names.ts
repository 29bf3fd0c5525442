/**
 * The command line's subcommands, by name, with one line each for the help listing: what the help,
 * the completion scripts and the dispatcher (main.ts, which loads each module when asked) share.
 */
export const COMMAND_SUMMARIES = [
  { name: 'run', summary: 'do what a command says (plan, check the risk, ask, act)' },
  { name: 'session', summary: 'talk with the assistant at a prompt, one command after another (also: no command at a terminal)' },
  { name: 'plan', summary: 'plan a command and show the intent and its risk, performing nothing' },
  { name: 'eval', summary: 'measure how well a planner model plans, on a fixed corpus of recorded screens and commands' },
  { name: 'elements', summary: 'list what is on screen, exactly as a planner sees it' },
  { name: 'doctor', summary: 'check that this machine is ready, and say how to fix what is not' },
  { name: 'models', summary: 'list the speech models, or download one ahead of time (resumes, checks its checksum)' },
  { name: 'keys', summary: 'save, check or remove provider API keys (kept in the system keychain)' },
  { name: 'completion', summary: 'print a completion script for bash, zsh or fish' },
  { name: 'commands', summary: 'list your own commands (commands.json), or check the file and show each problem with its line and column' },
  { name: 'stats', summary: 'print the effort per day: tasks, presses, utterances, keys typed, scan steps, median seconds per task' },
  { name: 'config', summary: 'show or change settings (provider, models, addresses, confirmations, speech)' },
] as const;

export type CommandName = (typeof COMMAND_SUMMARIES)[number]['name'];
