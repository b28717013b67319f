#!/usr/bin/env node
// The CLI's entry is bin/run.cjs (the package's bin): this file runs it for whoever still starts bin/run.js.
import './run.cjs'
