// A parse worker of the pool in parse-pool.ts: parses native-syntax files it is sent, stores each result
// in the shared parse cache, and posts it back.
import {parentPort, type MessagePort} from 'node:worker_threads'
import type {CacheSettings} from '../io/cache-dir.js'
import {ParseCache} from './parse-cache.js'
import {parseNativeUncached} from './parse-native.js'
import type {ParserKind} from './parser-kind.js'

interface ParseRequest {
  readonly id: number
  readonly text: string
  readonly filename: string
  readonly cache: CacheSettings
  readonly parser: ParserKind
}

function serve(port: MessagePort): void {
  // the cache settings travel with each file; the main thread prunes the cache, workers only add to it
  let settings = ''
  let cache: ParseCache | undefined
  port.on('message', (msg: ParseRequest) => {
    const key = JSON.stringify([msg.cache, msg.parser])
    if (key !== settings || !cache) {
      settings = key
      cache = new ParseCache({...msg.cache, prune: false, parser: msg.parser})
    }
    const target = cache
    void parseNativeUncached(msg.text, msg.filename, {
      cacheDir: msg.cache.enabled ? msg.cache.dir : undefined,
      optimising: true,
      parser: msg.parser,
    }).then((result) => {
      target.write(msg.text, result)
      port.postMessage({id: msg.id, json: JSON.stringify(result)})
    })
  })
}

if (parentPort) serve(parentPort)
