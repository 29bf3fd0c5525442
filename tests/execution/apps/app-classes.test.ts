// Terminals, as the safety gate sees them: typed text + Enter runs a shell command there.
import { describe, expect, it } from 'vitest';
import { isTerminalApp, isTerminalElement } from '../../../src/execution/apps/app-classes.js';
import type { Role } from '../../../src/shared/roles.js';
import { itAnswers } from '../../support/yes-no.js';

const el = (role: Role, name = '', description = '') => ({ role, name, description });

// Terminals however their names are written: case, spaces, dashes, underscores and ".app" ignored.
const TERMINALS = [
  'Terminal',
  'Terminal.app',
  'iTerm2',
  'iTerm.app',
  'gnome-terminal-server',
  'GNOME Terminal',
  'Konsole',
  'kitty',
  'WezTerm GUI',
  'xfce4_terminal',
  'Cool Retro Term',
  'Ptyxis',
  'st',
];
const NOT_TERMINALS = ['Firefox', 'gedit', 'Terminal Server Client', 'Visual Studio Code', 'Notes.app', 'stocks', 'term', '.app', ''];

describe('isTerminalApp', () => {
  itAnswers<string>('%j is a terminal: %s', isTerminalApp, TERMINALS, NOT_TERMINALS);

  it('is false without an app name', () => {
    expect(isTerminalApp(undefined)).toBe(false);
  });
});

describe('isTerminalElement', () => {
  it('is the platform’s terminal role in any app', () => {
    expect(isTerminalElement(el('terminal'), undefined)).toBe(true);
    expect(isTerminalElement(el('terminal'), 'gedit')).toBe(true);
  });

  it('is any text element, or an element of unknown role, in a terminal app', () => {
    for (const role of ['text_area', 'text_field', 'document', 'unknown'] as const) expect(isTerminalElement(el(role), 'Terminal'), role).toBe(true);
  });

  it('is not a button, menu or list of a terminal app', () => {
    for (const role of ['button', 'menu_item', 'list_item', 'tab'] as const) expect(isTerminalElement(el(role, 'Shell'), 'Terminal'), role).toBe(false);
  });

  it('is a text element named or described as a terminal, shell or console (an editor’s terminal pane)', () => {
    expect(isTerminalElement(el('text_area', 'Terminal 1'), 'Code')).toBe(true);
    expect(isTerminalElement(el('text_area', 'Pane', 'Integrated shell'), 'Code')).toBe(true);
    expect(isTerminalElement(el('text_field', 'Debug Console'), 'Code')).toBe(true);
    // Through disguises the label normaliser sees through.
    expect(isTerminalElement(el('text_area', 'T\u200Berminal'), 'Code')).toBe(true);
  });

  it('is not a text element whose name only contains those letters, nor a button named Terminal elsewhere', () => {
    expect(isTerminalElement(el('text_area', 'Terminals list'), 'Code')).toBe(false);
    expect(isTerminalElement(el('text_field', 'Shellfish recipes'), 'Firefox')).toBe(false);
    expect(isTerminalElement(el('button', 'Terminal'), 'Code')).toBe(false);
    expect(isTerminalElement(el('unknown', 'Terminal'), 'Code')).toBe(false);
    expect(isTerminalElement(el('text_area', 'Notes'), undefined)).toBe(false);
  });
});
