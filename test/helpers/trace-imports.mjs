// Preload (`node --import`) that appends every ES module URL the process resolves to the file
// named by TFGRAPH_TRACE_IMPORTS. Used by the start-up test to prove what a command does not load.
import {register} from 'node:module'

register(new URL('./trace-imports-hooks.mjs', import.meta.url), {data: {out: process.env.TFGRAPH_TRACE_IMPORTS}})
