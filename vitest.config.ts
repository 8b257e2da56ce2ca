import { defaultServerConditions } from "vite"
import { defineConfig } from "vitest/config"

// `aimux`, `aimux/openai`, ... resolve to src/ inside the repository (the package's own
// "aimux-source" export condition); an installed package resolves them to dist/.
const conditions = ["aimux-source", ...defaultServerConditions]

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    include: ["test/**/*.test.ts", "docs/examples/**/*.test.ts"],
    exclude: ["test/stress/**"],
    testTimeout: 30_000,
    hookTimeout: 30_000
  }
})
