import { defineConfig } from "vitest/config"

// The fault suite (`npm run test:faults`): interruption at every part boundary of every fixture
// body, concurrency, a seeded fuzz and secrets, against loopback servers. Bounded: a few minutes on
// a 2-core machine; one file at a time so the loopback timings do not compete.
export default defineConfig({
  test: {
    include: ["test/faults/**/*.test.ts"],
    pool: "forks",
    fileParallelism: false,
    testTimeout: 240_000,
    hookTimeout: 30_000
  }
})
