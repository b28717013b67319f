// Preloaded into the CLI by the safety tests (`node --import <this file> bin/run.cjs …`): every way Node
// offers to reach the network or start a process throws, and each attempt is appended to the file named
// by TFGRAPH_DENY_LOG (so an attempt whose error the program swallowed is still seen). Worker threads
// (the parse pool) stay allowed: they run tfgraph's own code.
import {appendFileSync} from 'node:fs'
import {createRequire, syncBuiltinESMExports} from 'node:module'

const require = createRequire(import.meta.url)
const log = process.env.TFGRAPH_DENY_LOG

function deny(what) {
  return function denied() {
    if (log) appendFileSync(log, `${what}\n`)
    throw new Error(`tfgraph safety test: ${what} is not allowed`)
  }
}

const targets = {
  net: ['connect', 'createConnection', 'createServer'],
  tls: ['connect', 'createServer'],
  http: ['request', 'get', 'createServer'],
  https: ['request', 'get', 'createServer'],
  http2: ['connect', 'createServer', 'createSecureServer'],
  dgram: ['createSocket'],
  dns: [
    'lookup',
    'lookupService',
    'resolve',
    'resolve4',
    'resolve6',
    'resolveAny',
    'resolveCname',
    'resolveMx',
    'resolveNs',
    'resolveTxt',
    'resolveSrv',
    'reverse',
  ],
  child_process: ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork'],
}
for (const [mod, names] of Object.entries(targets)) {
  const m = require(`node:${mod}`)
  for (const n of names) if (typeof m[n] === 'function') m[n] = deny(`${mod}.${n}`)
}
const dnsPromises = require('node:dns').promises
for (const n of ['lookup', 'lookupService', 'resolve', 'resolve4', 'resolve6', 'resolveAny', 'reverse'])
  if (typeof dnsPromises[n] === 'function') dnsPromises[n] = deny(`dns.promises.${n}`)
const net = require('node:net')
net.Socket.prototype.connect = deny('net.Socket.connect')
globalThis.fetch = deny('fetch')
if (typeof globalThis.WebSocket === 'function') globalThis.WebSocket = deny('WebSocket')
syncBuiltinESMExports()
