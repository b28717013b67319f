// bin/load-script.cjs for ES modules (the tests, scripts/code-cache.mjs).
export {ANSWER_FLAGS, ANSWER_UNDO, loadScript, SCRIPT_FLAGS} from './load-script.cjs'
