#!/usr/bin/env node
// The published entry: the CLI source runs directly on Node >= 22.18 (type stripping).
import "../src/cli/main.ts"
