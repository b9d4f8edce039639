import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'functions/**/*.test.ts', 'scripts/**/*.test.ts', 'test/**/*.test.ts'],
    // Upper bounds for a loaded 2-core machine, never a measure of speed (that is `npm run bench`): tests poll
    // for what they wait on, and these only stop a test that hangs.
    testTimeout: 300_000,
    hookTimeout: 600_000,
    // expect.poll waits for a page or a server to show a state: as long as it takes on a busy machine.
    expect: { poll: { timeout: 120_000, interval: 100 } },
  },
});
