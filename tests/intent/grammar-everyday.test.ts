// The everyday commands offline (issue #18 item 3): the editing and tab shortcuts on each platform,
// "go forward", web addresses ("open example.com" is open_url, "open Firefox" stays an app),
// "switch to X" and "what's open" — each family with the phrasings that must match and the near
// misses that must not.
import { describe, expect, it } from 'vitest';
import { parseCommand, type GrammarOptions } from '../../src/intent/grammar/grammar-planner.js';
import { Intent } from '../../src/intent/schema.js';
import { same } from '../support/tables.js';

type Platform = NonNullable<GrammarOptions['platform']>;
const PLATFORMS: readonly Platform[] = ['linux', 'macos', 'windows'];

const press = (key: string, modifiers: readonly string[], app?: string): Intent =>
  ({ intent: 'press_key', key, modifiers: [...modifiers], ...(app === undefined ? {} : { app }) }) as Intent;
const web = (url: string): Intent => ({ intent: 'open_url', url });
const open = (app: string): Intent => ({ intent: 'open_application', app });
const seq = (...steps: Intent[]): Intent => ({ intent: 'sequence', steps }) as Intent;

const parsed = (command: string, platform?: Platform) => parseCommand(command, platform ? { platform } : {});

function expectIntent(command: string, platform: Platform | undefined, intent: Intent): void {
  const result = parsed(command, platform);
  expect(result, `${command} (${platform ?? 'no platform'})`).toEqual({ kind: 'intent', intent });
  expect(Intent.safeParse(intent).success).toBe(true);
}

function expectNoMatch(command: string, platform?: Platform): void {
  const result = parsed(command, platform);
  expect(result.kind, `${command} (${platform ?? 'no platform'}) → ${JSON.stringify(result)}`).toBe('no_match');
}

/** The platform's command key: ⌘ on macOS, Ctrl on Linux and Windows. */
const primary = (platform: Platform): string => (platform === 'macos' ? 'cmd' : 'ctrl');

/** Each family: phrasings → the key the platform's command key goes with. */
const EDITING: ReadonlyArray<readonly [family: string, key: string, phrases: readonly string[]]> = [
  ['undo', 'z', ['undo', 'Undo.', 'undo that', 'undo it', 'please undo', 'undo the last change', 'Undo that, please']],
  ['copy', 'c', ['copy', 'copy that', 'Copy this.', 'copy it', 'copy the selection', 'copy the selected text', 'can you copy that']],
  ['cut', 'x', ['cut', 'cut that', 'cut it', 'cut the selection']],
  ['paste', 'v', ['paste', 'paste it', 'paste that', 'paste here', 'paste it here', 'Paste.', 'paste the clipboard']],
  ['select all', 'a', ['select all', 'Select all.', 'select everything', 'select all the text', 'select all text']],
  ['save', 's', ['save', 'save it', 'save the file', 'save the document', 'save my work', 'Save this please', 'save changes']],
  ['find', 'f', ['find', 'find in page', 'find on this page', 'search this page']],
  ['new tab', 't', ['new tab', 'open a new tab', 'open new tab', 'open another tab', 'New tab.']],
  ['close tab', 'w', ['close tab', 'close the tab', 'close this tab', 'close the current tab']],
];

const EDITING_MISSES: readonly string[] = [
  'copy the file', // a file, not the selection
  'copy Report', // an element named
  'copy everything', // select all, then copy? two actions
  'paste "hello"', // typing, not pasting
  'paste it into the Name field',
  'find hello', // what to find would be typed into a find bar that may not be there yet
  'find my keys',
  'save as', // Save As asks for a name: its own dialog
  'save that as Greeting', // the user's own commands (item 2), not Save
  'save the world',
  'undo twice', // repeats are not read for these
  'redo everything',
  'select', // select what?
  'select all files',
  'close', // close what?
  'close Firefox',
  'new window',
  'new',
  'cut in half',
  'copy that in the menu',
  'undo in 5 seconds',
];

describe('grammar planner: the everyday editing and tab commands (issue #18)', () => {
  for (const [family, key, phrases] of EDITING) {
    it(`${family}: the platform's command key with ${key} (⌘ on macOS, Ctrl elsewhere, cmd when the platform is unknown)`, () => {
      for (const phrase of phrases) {
        for (const platform of PLATFORMS) expectIntent(phrase, platform, press(key, [primary(platform)]));
        // Without the platform, cmd: the keymap presses Ctrl for it off a Mac.
        expectIntent(phrase, undefined, press(key, ['cmd']));
      }
    });
  }

  it('redo: ⇧⌘Z on macOS, Ctrl+Shift+Z on Linux, Ctrl+Y on Windows', () => {
    for (const phrase of ['redo', 'redo that', 'Redo it.']) {
      expectIntent(phrase, 'macos', press('z', ['shift', 'cmd']));
      expectIntent(phrase, 'linux', press('z', ['ctrl', 'shift']));
      expectIntent(phrase, 'windows', press('y', ['ctrl']));
      expectIntent(phrase, undefined, press('z', ['shift', 'cmd']));
    }
  });

  it('aims at a named app with "in App"', () => {
    expectIntent('undo in LibreOffice Writer', 'linux', press('z', ['ctrl'], 'LibreOffice Writer'));
    expectIntent('copy that in Firefox', 'macos', press('c', ['cmd'], 'Firefox'));
    expectIntent('open a new tab in Firefox', 'linux', press('t', ['ctrl'], 'Firefox'));
    expectIntent('find in page in Firefox', 'linux', press('f', ['ctrl'], 'Firefox'));
    expectIntent('save in gedit', 'linux', press('s', ['ctrl'], 'gedit'));
  });

  it('chains: "then" always, "and" or a comma between two everyday commands; a label with those words stays whole', () => {
    expectIntent('select all then copy', 'linux', seq(press('a', ['ctrl']), press('c', ['ctrl'])));
    expectIntent('select all and copy', 'linux', seq(press('a', ['ctrl']), press('c', ['ctrl'])));
    expectIntent('copy that, then paste it in gedit', 'linux', seq(press('c', ['ctrl']), press('v', ['ctrl'], 'gedit')));
    expectIntent('select all, copy', 'macos', seq(press('a', ['cmd']), press('c', ['cmd'])));
    expectIntent('click Cut and Paste', 'linux', { intent: 'click_element', element: { label: 'Cut and Paste' } });
    expectIntent('click Save and Close', 'linux', { intent: 'click_element', element: { label: 'Save and Close' } });
  });

  it.each(EDITING_MISSES)('%j is not an everyday command', (command) => {
    for (const platform of PLATFORMS) expectNoMatch(command, platform);
  });

  it('close tab asks first, as Ctrl+W / ⌘W always did (the chord table), and the others do not', async () => {
    const { classifyRisk } = await import('../../src/registry/risk.js');
    for (const platform of PLATFORMS) {
      const close = parsed('close tab', platform);
      if (close.kind !== 'intent') throw new Error('close tab did not parse');
      expect(classifyRisk(close.intent).level).toBe('moderate');
      for (const [, , phrases] of EDITING.filter(([family]) => family !== 'close tab')) {
        const other = parsed(phrases[0] as string, platform);
        if (other.kind !== 'intent') throw new Error(`${phrases[0]} did not parse`);
        expect(classifyRisk(other.intent).level, phrases[0]).toBe('harmless');
      }
    }
  });
});

describe('grammar planner: "go forward" (issue #18)', () => {
  it('is alt+right on Linux and Windows, cmd+] on a Mac, like "go back"', () => {
    expectIntent('go forward', 'linux', press('right', ['alt']));
    expectIntent('Go forward.', 'windows', press('right', ['alt']));
    expectIntent('go forward', 'macos', press('right_bracket', ['cmd']));
    expectIntent('please go forward in Firefox', 'linux', press('right', ['alt'], 'Firefox'));
    expectIntent('go back then go forward', 'macos', seq(press('left_bracket', ['cmd']), press('right_bracket', ['cmd'])));
  });

  it('needs the platform, and goes nowhere named', () => {
    expectNoMatch('go forward');
    for (const command of ['go forward to Safari', 'go forward 2 pages', 'go forward in', 'go forwards', 'go forward in the menu'])
      expectNoMatch(command, 'linux');
  });
});

describe('grammar planner: web addresses (issue #18)', () => {
  const MATCHES: ReadonlyArray<readonly [string, string]> = [
    ...same('https://example.com/', 'open example.com', 'Open example.com.', 'open Example.COM'),
    ['open www.example.org', 'https://www.example.org/'],
    ['go to https://example.com/a/b?q=1&r=2#top', 'https://example.com/a/b?q=1&r=2#top'],
    ['open http://example.com', 'http://example.com/'],
    ['open HTTPS://Example.com/Path', 'https://example.com/Path'],
    ['go to example.co.uk', 'https://example.co.uk/'],
    ['open news.bbc.co.uk/sport', 'https://news.bbc.co.uk/sport'],
    ['visit wikipedia.org', 'https://wikipedia.org/'],
    ['browse to example.dev', 'https://example.dev/'],
    ['navigate to example.io/docs', 'https://example.io/docs'],
    ['open the website example.com', 'https://example.com/'],
    ['go to the site example.net', 'https://example.net/'],
    ...same('https://example.com/', 'open "example.com"', 'please open example.com for me'),
    ['open http://localhost:8080/app', 'http://localhost:8080/app'],
    ['open example.com:8443/x', 'https://example.com:8443/x'],
    ['open münchen.de', 'https://münchen.de'], // kept as written: the plan shows both forms
    ['open пример.рф', 'https://пример.рф'],
    ['switch to example.com', 'https://example.com/'],
    ['open claude.ai', 'https://claude.ai/'],
    ['open www.main.py', 'https://www.main.py/'], // "www." says it is a site
  ];

  it.each(MATCHES)('%j → open_url %s', (command, url) => {
    for (const platform of [...PLATFORMS, undefined]) expectIntent(command, platform, web(url));
  });

  it('"open Firefox" and other names stay applications', () => {
    for (const app of ['Firefox', 'Google Chrome', 'Notepad++', 'Visual Studio Code', 'AT&T Connect']) expectIntent(`open ${app}`, 'linux', open(app));
    expectIntent('switch to Firefox', 'linux', open('Firefox'));
    expectIntent('go to Files', 'linux', open('Files'));
  });

  const MISSES: readonly string[] = [
    'open main.py', // a file: .py is Paraguay too, but far more often Python
    'open notes.md',
    'open report.pdf',
    'open Notes.app',
    'open photos.zip',
    'open readme',
    'open example', // no dot: an app name (the launcher says none is installed), not a guess at .com
    'open example.',
    'open .com',
    'open example..com',
    'open -example.com',
    'open bob@example.com',
    'open 192.168.1.1', // an address without a scheme: say http:// or https://
    'open example.com in Firefox', // in another browser than the default
    'open example.com in a new tab',
    'open example.com and example.org',
    'open example dot com',
    'visit',
    'visit Firefox',
    'visit the page',
  ];

  it.each(MISSES)('%j is no web address', (command) => {
    const result = parsed(command, 'linux');
    if (result.kind === 'intent') expect(result.intent.intent, command).not.toBe('open_url');
  });

  const REFUSED: ReadonlyArray<readonly [string, string]> = [
    ['open file:///etc/passwd', '“file:”'],
    ['go to javascript:alert(1)', '“javascript:”'],
    ['open data:text/html,hello', '“data:”'],
    ['open ftp://example.com/file', '“ftp:”'],
    ['open mailto:someone@example.com', '“mailto:”'],
    ['visit slack://open', '“slack:”'],
    ['open https://bank.example@evil.example/login', 'name before “@”'],
  ];

  it.each(REFUSED)('%j is refused with a sentence, never opened', (command, said) => {
    const result = parsed(command, 'linux');
    expect(result.kind).toBe('intent');
    if (result.kind !== 'intent' || result.intent.intent !== 'unsupported') throw new Error(`not refused: ${JSON.stringify(result)}`);
    expect(result.intent.suggestion).toContain(said);
    expect(result.intent.suggestion).toMatch(/\.$/);
  });

  it('a look-alike host keeps its letters, so the plan and the question say what it imitates', async () => {
    const { describeIntent } = await import('../../src/intent/describe.js');
    const { classifyRisk } = await import('../../src/registry/risk.js');
    const result = parsed('open аpple.com/login', 'linux'); // a Cyrillic "а"
    if (result.kind !== 'intent') throw new Error('no intent');
    expect(result.intent).toEqual(web('https://аpple.com/login'));
    expect(describeIntent(result.intent)).toBe(
      'Open https://xn--pple-43d.com/login (written “аpple.com”, which looks like “apple.com” but is another site) in the default browser.',
    );
    expect(classifyRisk(result.intent).reason).toContain('looks like “apple.com” but is another site');
  });

  it('a web address can be a step of a sequence', () => {
    expectIntent('open example.com then click Sign in', 'linux', seq(web('https://example.com/'), { intent: 'click_element', element: { label: 'Sign in' } }));
  });
});

describe('grammar planner: "what’s open" (issue #18)', () => {
  const MATCHES = [
    "what's open",
    'What’s open?',
    'what is open',
    'what is running',
    'what apps are open',
    'which apps are running',
    'which applications are open',
    'what programs are running',
    'what apps do I have open',
    'list open apps',
    'list the running apps',
    'show me the open apps',
    'show me what’s open',
    'tell me what is open',
  ];
  it.each(MATCHES)('%j → list_applications', (command) => {
    for (const platform of [...PLATFORMS, undefined]) expectIntent(command, platform, { intent: 'list_applications' });
  });

  it.each(['what is open in Firefox', 'what is open source', 'list open tabs', 'what windows are open', 'is Firefox open', 'open what is open'])(
    '%j is not the apps question',
    (command) => {
      const result = parsed(command, 'linux');
      if (result.kind === 'intent') expect(result.intent.intent, command).not.toBe('list_applications');
    },
  );

  it('cannot be a step of a sequence: it reads, it does not act', () => {
    expectNoMatch("open Firefox then what's open", 'linux');
  });
});
