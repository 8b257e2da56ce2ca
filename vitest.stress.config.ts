import { defineConfig } from "vitest/config"

// Long fault/concurrency/scaling runs (`npm run test:stress`); kept well under 10 minutes.
// One file at a time in its own process: the scaling ratios read the worker's CPU time, which a
// concurrently running file (the 200-stream test) would otherwise share on a 2-core machine.
export default defineConfig({
  test: {
    include: ["test/stress/**/*.test.ts"],
    pool: "forks",
    fileParallelism: false,
    testTimeout: 240_000,
    hookTimeout: 30_000,
    execArgv: ["--expose-gc"]
  }
})
