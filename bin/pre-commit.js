#!/usr/bin/env node
// The hook's entry is bin/pre-commit.cjs (the package's bin): this file runs it for whoever still starts bin/pre-commit.js.
import './pre-commit.cjs'
