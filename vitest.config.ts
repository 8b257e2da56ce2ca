import { defaultServerConditions } from "vite"
import { defineConfig } from "vitest/config"

// `aimux`, `aimux/openai`, ... resolve to src/ inside the repository (the package's own
// "aimux-source" export condition); an installed package resolves them to dist/.
const conditions = ["aimux-source", ...defaultServerConditions]

export default defineConfig({
  resolve: { conditions },
  // Vitest passes the SSR conditions to its Node workers as `--conditions`;
  // `module` there makes Node load @smithy/core's ES build (extension-less
  // imports Node's ESM loader rejects; used by @smithy/eventstream-codec, the
  // Bedrock framing). Plain Node never applies `module`, so the workers do not either.
  ssr: { resolve: { conditions: conditions.filter((condition) => condition !== "module") } },
  test: {
    include: ["test/**/*.test.ts", "docs/examples/**/*.test.ts"],
    exclude: ["test/stress/**", "test/faults/**"],
    testTimeout: 30_000,
    hookTimeout: 30_000
  }
})
