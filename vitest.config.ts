import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 20_000,
    pool: 'forks',
    // A private headless desktop (Xvfb + D-Bus + AT-SPI) for the accessibility-bridge tests.
    globalSetup: ['test/support/desktop-global-setup.ts'],
  },
});
