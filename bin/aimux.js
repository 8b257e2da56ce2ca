#!/usr/bin/env node
// The `aimux` command. An installed package runs the built CLI (dist/, plain ESM, any supported
// Node). A checkout of the repository (it has tsconfig.json, which is not published) runs the CLI
// source instead, so `npx aimux` there never runs a stale build and needs none.
import { existsSync } from "node:fs"
import module from "node:module"

// Node's on-disk compile cache (as npm and tsc use it): later runs skip compiling the CLI's modules
module.enableCompileCache?.()

const checkout = existsSync(new URL("../tsconfig.json", import.meta.url))
await import(checkout ? "../src/cli/main.ts" : "../dist/cli/main.js")
