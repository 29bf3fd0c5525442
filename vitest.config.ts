import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    // The install tests (a fresh clone's quick start, minutes each) run only with `npm run test:install`.
    exclude: [...configDefaults.exclude, ...(process.env.AC_INSTALL_TESTS === '1' ? [] : ['tests/**/*.install.test.ts'])],
    testTimeout: 20_000,
    // A waited-for state on a busy machine (CI shares 2 cores) can take seconds: vitest's 1 s default
    // failed "Your commands" under load. Polls wait on what they check; a failure only comes later.
    expect: { poll: { timeout: 10_000 } },
    pool: 'forks',
    // One test file at a time: the desktop suites share one X display and two cores, and the
    // timing-sensitive voice tests (fake microphone in Chromium) failed when the 370-case gate suite
    // ran beside them. The files' summed time (~380 s) is about the parallel wall time anyway.
    fileParallelism: false,
    // A private headless desktop (Xvfb + D-Bus + AT-SPI) for the accessibility-bridge tests.
    globalSetup: ['tests/support/cli-global-setup.ts', 'tests/support/desktop-global-setup.ts'],
  },
});
