// A parse worker of the pool in parse-pool.ts: parses native-syntax files it is sent, stores each result
// in the shared parse cache, and posts it back.
import {parentPort} from 'node:worker_threads'
import {configureParseCache, writeCachedParse} from './parse-cache.js'
import {parseNativeUncached, useOptimisingCompiler} from './parse-native.js'

useOptimisingCompiler()

let current = ''
const port = parentPort
port?.on('message', (msg: {id: number; text: string; filename: string; cache: {enabled: boolean; dir: string}}) => {
  const key = JSON.stringify(msg.cache)
  if (key !== current) {
    current = key
    // the main thread prunes the cache; workers only add to it
    configureParseCache({enabled: msg.cache.enabled, dir: msg.cache.dir, prune: false})
  }
  void parseNativeUncached(msg.text, msg.filename).then((result) => {
    writeCachedParse(msg.text, msg.filename, result)
    port.postMessage({id: msg.id, json: JSON.stringify(result)})
  })
})
