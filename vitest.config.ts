import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { unitTestFiles } from './tests/support/unit-files.js';

// The unit tests (tests/support/unit-files.ts: no desktop, no process, no mock or global state) run
// one after another in one shared worker (`isolate: false`), which saves a worker's start and the
// modules' import per file (about 100 s of the suite on two cores); every other file keeps a worker of its own.
const UNIT = unitTestFiles(fileURLToPath(new URL('.', import.meta.url)));
// The install tests (a fresh clone's quick start, minutes each) run only with `npm run test:install`.
const EXCLUDE = [...configDefaults.exclude, ...(process.env.AC_INSTALL_TESTS === '1' ? [] : ['tests/**/*.install.test.ts'])];

export default defineConfig({
  test: {
    exclude: EXCLUDE,
    testTimeout: 20_000,
    // A waited-for state on a busy machine (CI shares 2 cores) can take seconds: vitest's 1 s default
    // failed "Your commands" under load. Polls wait on what they check; a failure only comes later.
    expect: { poll: { timeout: 10_000 } },
    pool: 'forks',
    // One test file at a time: the desktop suites share one X display and two cores, and the
    // timing-sensitive voice tests (fake microphone in Chromium) failed when the 370-case gate suite
    // ran beside them. The files' summed time (~380 s) is about the parallel wall time anyway.
    fileParallelism: false,
    projects: [
      { extends: true, test: { name: 'unit', include: UNIT, isolate: false } },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: ['tests/**/*.test.ts'],
          exclude: [...EXCLUDE, ...UNIT],
          // The command line's bundle, and a private headless desktop (Xvfb + D-Bus + AT-SPI) for the accessibility-bridge tests.
          globalSetup: ['tests/support/cli-global-setup.ts', 'tests/support/desktop-global-setup.ts'],
        },
      },
    ],
  },
});
