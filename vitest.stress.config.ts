import { defineConfig } from "vitest/config"

// Long fault/concurrency/scaling runs (`npm run test:stress`); kept well under 10 minutes.
export default defineConfig({
  test: {
    include: ["test/stress/**/*.test.ts"],
    testTimeout: 240_000,
    hookTimeout: 30_000,
    execArgv: ["--expose-gc"]
  }
})
