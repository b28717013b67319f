// The lint worker's module when run from source (the tests, under tsx): lint-threads.ts starts it and calls
// `lintThreadMain`. The package's worker is dist/cli/lint-worker.cjs (scripts/bundle.mjs), which calls it in
// the quick start's script.
export {lintThreadMain} from './lint-threads.js'
