// The worker of parse-lane.ts: parses the files it is told about, the newest first, each one it claims
// before the main thread does, and posts back their raw parses, flattened (native/transfer.ts).
import {receiveMessageOnPort, workerData} from 'node:worker_threads'
import {rawParse, STACK_EXHAUSTED, type RawParse} from './native/index.js'
import {Flattener} from './native/transfer.js'
import {BY_WORKER, FREE, type LaneBatch, type LaneResult, type LaneWorkerData} from './parse-lane.js'

function serve({port, claims}: LaneWorkerData): void {
  /** Files announced and not yet looked at: id, text, name, three entries each, the newest last. */
  const todo: (number | string)[] = []
  let scheduled = false
  const flattener = new Flattener()
  const take = (batch: LaneBatch): void => {
    for (const x of batch) todo.push(x)
  }
  const work = (): void => {
    scheduled = false
    for (;;) {
      // what the main thread announced meanwhile comes first
      for (let m = receiveMessageOnPort(port); m; m = receiveMessageOnPort(port)) take(m.message as LaneBatch)
      if (todo.length === 0) return
      const filename = todo.pop() as string
      const text = todo.pop() as string
      const id = todo.pop() as number
      if (Atomics.compareExchange(claims, id, FREE, BY_WORKER) !== FREE) continue
      let raw: RawParse | undefined
      try {
        raw = rawParse(text, filename)
      } catch (e) {
        raw = e instanceof RangeError ? STACK_EXHAUSTED : undefined
      }
      const flat = raw && flattener.flatten(raw)
      port.postMessage({id, flat} satisfies LaneResult, flat ? [flat.ints.buffer as ArrayBuffer, flat.floats.buffer as ArrayBuffer] : [])
    }
  }
  port.on('message', (batch: LaneBatch) => {
    take(batch)
    if (!scheduled) {
      scheduled = true
      setImmediate(work)
    }
  })
}

serve(workerData as LaneWorkerData)
