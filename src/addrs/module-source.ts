// Module `source` addresses, parsed the way Terraform (internal/getmodules/moduleaddrs) and OpenTofu
// (internal/addrs/module_source.go + go-getter's detectors) do: local paths, module registry addresses,
// and go-getter "remote" package addresses with an optional `//subdir`. See REFERENCE.md §f.
//
// The remote branch reproduces go-getter's detection, which leans on Go's net/url; the small subset of
// net/url semantics it needs (parse, escaping, String) is restated below so normalized strings match.
import {domainToASCII, domainToUnicode} from 'node:url'
import {goQuote} from '../diag/go-quote.js'
import type {EngineName} from './engine-name.js'

export type {EngineName}

export type ModuleSource =
  | {readonly kind: 'local'; readonly path: string; readonly normalized: string}
  | {
      readonly kind: 'registry'
      /** Registry host in display form (Unicode, lower case, `:port` kept unless 443). */
      readonly host: string
      readonly namespace: string
      readonly name: string
      readonly system: string
      readonly subdir: string
      /** host/ns/name/system[//subdir] */
      readonly normalized: string
      /** host/ns/name/system */
      readonly package: string
    }
  | {readonly kind: 'remote'; readonly package: string; readonly subdir: string; readonly normalized: string}

export interface ModuleSourceDiagnostic {
  code: 'module.invalid-source' | 'module.invalid-registry-source'
  summary: string
  detail: string
}

/** The parser's own error, before it is turned into a configuration diagnostic. */
export type ModuleSourceParseError =
  /** go-getter found no source type; the address was probably meant as a relative path. */
  | {readonly kind: 'maybe-relative'; readonly addr: string; readonly message: string}
  /** Any other error (`hasVersion` makes it a registry address error). */
  | {readonly kind: 'other'; readonly message: string}

export function defaultModuleRegistryHost(engine: EngineName): string {
  return engine === 'opentofu' ? 'registry.opentofu.org' : 'registry.terraform.io'
}

function productName(engine: EngineName): string {
  return engine === 'opentofu' ? 'OpenTofu' : 'Terraform'
}

class SourceError extends Error {
  constructor(
    message: string,
    readonly relativeAddr?: string,
  ) {
    super(message)
  }
}

// ---------------------------------------------------------------------------------------------
// Entry points

/** Parses a module source, returning the parser's own error text on failure. */
export function parseModuleSourceAddress(
  source: string,
  opts: {engine: EngineName; hasVersion?: boolean},
): {source: ModuleSource} | {parseError: ModuleSourceParseError} {
  try {
    if (opts.hasVersion === true) return {source: parseRegistry(source, opts.engine)}
    if (isLocal(source)) return {source: parseLocal(source)}
    // Whether an address is a registry address is decided only by whether it parses as one;
    // anything else falls through to the remote (go-getter) parser.
    try {
      return {source: parseRegistry(source, opts.engine)}
    } catch (e) {
      if (!(e instanceof SourceError)) throw e
    }
    return {source: parseRemote(source, opts.engine)}
  } catch (e) {
    if (!(e instanceof SourceError)) throw e
    if (e.relativeAddr !== undefined) {
      const message = `${productName(opts.engine)} cannot detect a supported external module source type for ${e.relativeAddr}`
      return {parseError: {kind: 'maybe-relative', addr: e.relativeAddr, message}}
    }
    return {parseError: {kind: 'other', message: e.message}}
  }
}

/** Parses a module `source`, producing Terraform's / OpenTofu's configuration diagnostic on failure. */
export function parseModuleSource(
  source: string,
  opts: {engine: EngineName; hasVersion?: boolean},
): {source: ModuleSource} | {error: ModuleSourceDiagnostic} {
  const r = parseModuleSourceAddress(source, opts)
  if ('source' in r) return r
  return {error: moduleSourceDiagnostic(r.parseError, opts)}
}

export function moduleSourceDiagnostic(
  err: ModuleSourceParseError,
  opts: {engine: EngineName; hasVersion?: boolean},
): ModuleSourceDiagnostic {
  const product = productName(opts.engine)
  if (err.kind === 'maybe-relative') {
    return {
      code: 'module.invalid-source',
      summary: 'Invalid module source address',
      detail:
        `${product} failed to determine your intended installation method for remote module package ${goQuote(err.addr)}.\n\n` +
        `If you intended this as a path relative to the current module, use "./${err.addr}" instead. The "./" prefix indicates that the address is a relative filesystem path.`,
    }
  }
  if (opts.hasVersion === true) {
    return {
      code: 'module.invalid-registry-source',
      summary: 'Invalid registry module source address',
      detail:
        `Failed to parse module registry address: ${err.message}.\n\n` +
        `${product} assumed that you intended a module registry source address because you also set the argument "version", which applies only to registry modules.`,
    }
  }
  return {
    code: 'module.invalid-source',
    summary: 'Invalid module source address',
    detail: `Failed to parse module source address: ${err.message}.`,
  }
}

/**
 * Joins a local source onto a parent package-relative directory the way Terraform does (path.Join +
 * Clean), returning the new dir; also tells whether it escapes the package root.
 *
 * `parentDir` is relative to the root of the module package the parent belongs to (`.` or `` for the
 * root of the package); `escapes` is true when the result leaves that root (`..` or `../…`), which the
 * installer reports as `Local module path escapes module package` for packages established by a
 * non-local (registry or remote) ancestor.
 */
export function joinLocalSource(parentDir: string, local: string): {dir: string; escapes: boolean} {
  const rel = local.includes('\\') ? local.replaceAll('\\', '/') : local
  const joined = goPathJoin(parentDir, rel)
  const dir = joined === '' ? '.' : joined
  return {dir, escapes: dir === '..' || dir.startsWith('../')}
}

// ---------------------------------------------------------------------------------------------
// Local

const LOCAL_PREFIXES = ['./', '../', '.\\', '..\\']

function isLocal(raw: string): boolean {
  return LOCAL_PREFIXES.some((p) => raw.startsWith(p))
}

function parseLocal(raw: string): ModuleSource {
  let clean = goPathClean(raw.replaceAll('\\', '/'))
  if (!clean.startsWith('../')) clean = './' + clean
  return {kind: 'local', path: clean, normalized: clean}
}

// ---------------------------------------------------------------------------------------------
// Registry (terraform-registry-address / opentofu registry-address)

const NAME_PATTERN = /^[0-9A-Za-z](?:[0-9A-Za-z_-]{0,62}[0-9A-Za-z])?$/
const SYSTEM_PATTERN = /^[0-9a-z]{1,64}$/

function parseRegistry(raw: string, engine: EngineName): ModuleSource {
  if (isLocal(raw)) throw new SourceError(`can't use local directory ${goQuote(raw)} as a module registry address`)
  const [pkg, subdir] = splitPackageSubdir(raw)
  if (subdir.startsWith('../')) throw new SourceError(`subdirectory path ${goQuote(subdir)} leads outside of the module package`)

  let parts = pkg.split('/')
  if (parts.length !== 3 && parts.length !== 4) {
    throw new SourceError('a module registry source address must have either three or four slash-separated components')
  }
  let host = defaultModuleRegistryHost(engine)
  if (parts.length === 4) {
    const given = parts[0] ?? ''
    const h = hostnameForComparison(given)
    if (h === undefined) {
      if (given.includes('--')) {
        throw new SourceError(
          `invalid module registry hostname ${goQuote(given)}; internationalized domain names must be given as direct unicode characters, not in punycode`,
        )
      }
      throw new SourceError(`invalid module registry hostname ${goQuote(given)}`)
    }
    if (!h.includes('.')) throw new SourceError('invalid module registry hostname: must contain at least one dot')
    host = h
    parts = parts.slice(1)
  }
  if (host === 'github.com' || host === 'bitbucket.org') {
    throw new SourceError(
      `can't use ${goQuote(host)} as a module registry host, because it's reserved for installing directly from version control repositories`,
    )
  }
  const [namespace = '', name = '', system = ''] = parts
  if (!NAME_PATTERN.test(namespace)) {
    if (namespace.includes('.')) {
      throw new SourceError(
        'source address must have three more components after the hostname: the namespace, the name, and the target system',
      )
    }
    throw new SourceError(`invalid namespace ${goQuote(namespace)}: ${NAME_RULE}`)
  }
  if (!NAME_PATTERN.test(name)) throw new SourceError(`invalid module name ${goQuote(name)}: ${NAME_RULE}`)
  if (!SYSTEM_PATTERN.test(system)) {
    if (system.includes('?')) throw new SourceError('module registry addresses may not include a query string portion')
    throw new SourceError(`invalid target system ${goQuote(system)}: must be between one and 64 ASCII letters or digits`)
  }
  const display = hostnameForDisplay(host)
  const packageAddr = `${display}/${namespace}/${name}/${system}`
  return {
    kind: 'registry',
    host: display,
    namespace,
    name,
    system,
    subdir,
    package: packageAddr,
    normalized: subdir === '' ? packageAddr : `${packageAddr}//${subdir}`,
  }
}

const NAME_RULE =
  'must be between one and 64 characters, including ASCII letters, digits, dashes, and underscores, where dashes and underscores may not be the prefix or suffix'

/** svchost.ForComparison: lower-cased, IDNA (punycode) form with a normalized port, or undefined if invalid. */
function hostnameForComparison(given: string): string | undefined {
  let host = given
  let port = ''
  const colon = given.indexOf(':')
  if (colon !== -1) {
    host = given.slice(0, colon)
    const p = normalizePort(given.slice(colon))
    if (p === undefined) return undefined
    port = p
  }
  if (host === '') return undefined
  // Labels (the way svchost's labelIter walks them: a single trailing dot ends the name).
  let start = 0
  while (start < host.length) {
    const dot = host.indexOf('.', start)
    const end = dot === -1 ? host.length : dot
    const label = host.slice(start, end)
    if (label === '' || label.startsWith('xn--')) return undefined
    start = end + 1
    if (start === host.length - 1 && host[start] === '.') start = host.length
  }
  const ascii = idnaLookupToASCII(host)
  return ascii === undefined ? undefined : ascii + port
}

function normalizePort(s: string): string | undefined {
  const digits = s.slice(1)
  if (!/^[+-]?[0-9]+$/.test(digits)) return undefined
  const n = BigInt(digits)
  if (n > 9223372036854775807n || n < -9223372036854775808n) return undefined
  if (n === 443n) return ''
  if (n > 65535n) return undefined
  return ':' + n.toString()
}

/** Approximates golang.org/x/net/idna's Lookup profile (UTS 46 mapping, STD3 rules, hyphen checks). */
function idnaLookupToASCII(host: string): string | undefined {
  const ascii = /^[\x00-\x7f]*$/.test(host) ? host.toLowerCase() : domainToASCII(host)
  if (ascii === '') return undefined
  for (const label of ascii.split('.')) {
    if (label === '') continue
    if (!/^[a-z0-9-]+$/.test(label)) return undefined
    let u = label
    if (label.startsWith('xn--')) {
      u = domainToUnicode(label)
      if (u === '' || u.startsWith('xn--')) return undefined
    }
    if (u.length > 4 && u[2] === '-' && u[3] === '-') return undefined
    if (u.startsWith('-') || u.endsWith('-')) return undefined
  }
  return ascii
}

function hostnameForDisplay(host: string): string {
  if (!host.includes('xn--')) return host
  const colon = host.indexOf(':')
  const name = colon === -1 ? host : host.slice(0, colon)
  const port = colon === -1 ? '' : host.slice(colon)
  const u = domainToUnicode(name)
  return (u === '' ? name : u) + port
}

// ---------------------------------------------------------------------------------------------
// Remote (go-getter)

function parseRemote(raw: string, engine: EngineName): ModuleSource {
  const [given, givenSubdir] = splitPackageSubdir(raw)
  let subdir = givenSubdir
  if (subdir.startsWith('../')) throw new SourceError(`subdirectory path ${goQuote(subdir)} leads outside of the module package`)

  const detected = detectRemoteSourceShorthands(given, engine)
  const [pkg, moreSubdir] = splitPackageSubdir(detected)
  if (moreSubdir !== '') {
    // The detector's own subdir comes first: the given one is relative to it.
    subdir = subdir !== '' ? goPathJoin(moreSubdir, subdir) : goPathClean(moreSubdir)
    if (subdir.startsWith('../')) {
      throw new SourceError(`detected subdirectory path ${goQuote(subdir)} of ${goQuote(pkg)} leads outside of the module package`)
    }
  }
  return {kind: 'remote', package: pkg, subdir, normalized: remoteString(pkg, subdir)}
}

/** ModuleSourceRemote.String(): the subdir goes before any query string. */
function remoteString(pkg: string, subdir: string): string {
  if (subdir === '') return pkg
  const q = pkg.indexOf('?')
  if (q === -1) return `${pkg}//${subdir}`
  return `${pkg.slice(0, q)}//${subdir}?${pkg.slice(q + 1)}`
}

/** SplitPackageSubdir: `pkg//sub?query` → [`pkg?query`, Clean(`sub`)]; the scheme's `://` is not a subdir. */
export function splitPackageSubdir(src: string): [string, string] {
  const q = src.indexOf('?')
  const stop = q === -1 ? src.length : q
  const scheme = src.slice(0, stop).indexOf('://')
  const offset = scheme === -1 ? 0 : scheme + 3
  const rel = src.slice(offset, stop).indexOf('//')
  if (rel === -1) return [src, '']
  const idx = rel + offset
  let subdir = src.slice(idx + 2)
  let pkg = src.slice(0, idx)
  const qi = subdir.indexOf('?')
  if (qi !== -1) {
    pkg += subdir.slice(qi)
    subdir = subdir.slice(0, qi)
  }
  return [pkg, subdir === '' ? '' : goPathClean(subdir)]
}

const FORCED = /^([A-Za-z0-9]+)::([^\n]+)$/

function getForcedSourceType(src: string): [string, string] {
  const m = FORCED.exec(src)
  if (m === null) return ['', src]
  return [m[1] ?? '', m[2] ?? '']
}

type Detector = (src: string) => string | undefined

const DETECTORS: readonly Detector[] = [detectGitHub, detectGit, detectBitBucket, detectGCS, detectS3, detectAbsFilePath]

function detectRemoteSourceShorthands(src: string, engine: EngineName): string {
  const [force, forcedSrc] = getForcedSourceType(src)
  const [getSrc, givenSubdir] = splitPackageSubdir(forcedSrc)
  let subdir = givenSubdir

  const u = goUrlParse(getSrc)
  if (!(u instanceof GoUrlError) && u.scheme !== '') return src // already a URL

  for (const detect of DETECTORS) {
    const found = detect(getSrc)
    if (found === undefined) continue
    const [detectForce, forcedResult] = getForcedSourceType(found)
    let [result, detectSubdir] = splitPackageSubdir(forcedResult)
    if (detectSubdir !== '') subdir = subdir !== '' ? goPathJoin(detectSubdir, subdir) : detectSubdir
    if (subdir !== '') {
      const ru = goUrlParse(result)
      if (ru instanceof GoUrlError) throw new SourceError(`Error parsing URL: ${ru.message}`)
      ru.path += '//' + subdir
      ru.rawPath = ru.path // a subdir may hold glob characters: keep the path unescaped
      result = goUrlString(ru)
    }
    if (force !== '') result = `${force}::${result}`
    else if (detectForce !== '') result = `${detectForce}::${result}`
    return result
  }
  throw new SourceError(engine === 'opentofu' ? `invalid source string: ${src}` : `invalid source address: ${src}`)
}

function detectGitHub(src: string): string | undefined {
  if (!src.startsWith('github.com/')) return undefined
  const q = src.indexOf('?')
  const path = q === -1 ? src : src.slice(0, q)
  const rawQuery = q === -1 ? '' : src.slice(q + 1)
  const parts = path.split('/')
  if (parts.length < 3) throw new SourceError('GitHub URLs should be github.com/username/repo')
  const u = goUrlParse('https://' + parts.slice(0, 3).join('/'))
  if (u instanceof GoUrlError) throw new SourceError(`error parsing GitHub URL: ${u.message}`)
  u.rawQuery = rawQuery
  if (!u.path.endsWith('.git')) u.path += '.git'
  if (parts.length > 3) u.path += '//' + parts.slice(3).join('/')
  return 'git::' + goUrlString(u)
}

// SCP-like SSH addresses: [user@]host:path
const SSH_PATTERN = /^(?:([^@]+)@)?([^:]+):\/?([^\n]+)$/

function detectGit(src: string): string | undefined {
  if (src === '') return undefined
  const m = SSH_PATTERN.exec(src)
  if (m === null) return undefined
  const user = m[1] ?? ''
  const host = m[2] ?? ''
  const path = m[3] ?? ''
  const q = path.indexOf('?')
  const u = emptyUrl()
  u.scheme = 'ssh'
  u.user = {username: user}
  u.host = host
  u.path = q === -1 ? path : path.slice(0, q)
  if (q !== -1) {
    const values = goParseQuery(path.slice(q + 1))
    if (values instanceof GoUrlError) throw new SourceError(`error parsing Git SSH URL: ${values.message}`)
    u.rawQuery = goEncodeQuery(values)
  }
  if (user !== 'git') return undefined
  return 'git::' + goUrlString(u)
}

// Terraform assumes Git for bitbucket.org; OpenTofu's go-getter asks the BitBucket API, which today
// only ever answers "git" for public repositories (offline, we assume the same).
function detectBitBucket(src: string): string | undefined {
  if (!src.startsWith('bitbucket.org/')) return undefined
  const u = goUrlParse('https://' + src)
  if (u instanceof GoUrlError) throw new SourceError(`error parsing BitBucket URL: ${u.message}`)
  if (!u.path.endsWith('.git')) u.path += '.git'
  return 'git::' + goUrlString(u)
}

function detectGCS(src: string): string | undefined {
  if (src === '' || !src.includes('googleapis.com/')) return undefined
  const parts = src.split('/')
  if (parts.length < 5) throw new SourceError('URL is not a valid GCS URL')
  const u = goUrlParse(`https://www.googleapis.com/storage/${parts[2] ?? ''}/${parts[3] ?? ''}/${parts.slice(4).join('/')}`)
  if (u instanceof GoUrlError) throw new SourceError(`error parsing GCS URL: ${u.message}`)
  return 'gcs::' + goUrlString(u)
}

function detectS3(src: string): string | undefined {
  if (src === '' || !src.includes('.amazonaws.com/')) return undefined
  const parts = src.split('/')
  const rest = parts.slice(1).join('/')
  const hostParts = (parts[0] ?? '').split('.')
  let url: string
  if (hostParts.length === 3) {
    url = `https://${hostParts[0] ?? ''}.amazonaws.com/${rest}`
  } else if (hostParts.length === 4) {
    url = `https://${hostParts[1] ?? ''}.amazonaws.com/${hostParts[0] ?? ''}/${rest}`
  } else if (hostParts.length === 5 && hostParts[1] === 's3') {
    url = `https://s3.${hostParts[2] ?? ''}.amazonaws.com/${hostParts[0] ?? ''}/${rest}`
  } else {
    throw new SourceError('URL is not a valid S3 URL')
  }
  const u = goUrlParse(url)
  if (u instanceof GoUrlError) throw new SourceError(`error parsing S3 URL: ${u.message}`)
  return 's3::' + goUrlString(u)
}

// Absolute paths (Unix semantics) become file:// URLs; anything else left over was probably meant
// as a relative path without the "./" prefix.
function detectAbsFilePath(src: string): string | undefined {
  if (src === '') return undefined
  if (!src.startsWith('/')) throw new SourceError('cannot detect a supported external module source type', src)
  return 'file:///' + src.slice(1)
}

// ---------------------------------------------------------------------------------------------
// Go's path package

/** Go path.Clean. */
export function goPathClean(p: string): string {
  if (p === '') return '.'
  const rooted = p.startsWith('/')
  const out: string[] = []
  for (const seg of p.split('/')) {
    if (seg === '' || seg === '.') continue
    if (seg === '..') {
      if (out.length > 0 && out[out.length - 1] !== '..') out.pop()
      else if (!rooted) out.push('..')
    } else {
      out.push(seg)
    }
  }
  const body = out.join('/')
  if (rooted) return '/' + body
  return body === '' ? '.' : body
}

/** Go path.Join: empty elements are ignored; the result is cleaned; all empty gives "". */
function goPathJoin(...elems: string[]): string {
  const nonEmpty = elems.filter((e) => e !== '')
  return nonEmpty.length === 0 ? '' : goPathClean(nonEmpty.join('/'))
}

// ---------------------------------------------------------------------------------------------
// The subset of Go's net/url used by go-getter's detectors

class GoUrlError {
  constructor(readonly message: string) {}
}

interface GoUrl {
  scheme: string
  opaque: string
  user: {username: string; password?: string} | undefined
  host: string
  path: string
  rawPath: string
  omitHost: boolean
  forceQuery: boolean
  rawQuery: string
  fragment: string
  rawFragment: string
}

function emptyUrl(): GoUrl {
  return {
    scheme: '',
    opaque: '',
    user: undefined,
    host: '',
    path: '',
    rawPath: '',
    omitHost: false,
    forceQuery: false,
    rawQuery: '',
    fragment: '',
    rawFragment: '',
  }
}

type Encoding = 'path' | 'host' | 'userPassword' | 'queryComponent' | 'fragment'

const isAlnum = (c: string) => /^[A-Za-z0-9]$/.test(c)

function shouldEscape(c: string, mode: Encoding): boolean {
  if (c.length !== 1 || c.charCodeAt(0) >= 0x80) return true
  if (isAlnum(c)) return false
  if (mode === 'host' && `!$&'()*+,;=:[]<>"`.includes(c)) return false
  if ('-_.~'.includes(c)) return false
  if ('$&+,/:;=?@'.includes(c)) {
    switch (mode) {
      case 'path':
        return c === '?'
      case 'userPassword':
        return c === '@' || c === '/' || c === '?' || c === ':'
      case 'queryComponent':
        return true
      case 'fragment':
        return false
      default:
        break
    }
  }
  if (mode === 'fragment' && '!()*'.includes(c)) return false
  return true
}

const utf8 = new TextEncoder()

function goEscape(s: string, mode: Encoding): string {
  let out = ''
  for (const ch of s) {
    if (!shouldEscape(ch, mode)) {
      out += ch
    } else if (ch === ' ' && mode === 'queryComponent') {
      out += '+'
    } else {
      for (const b of utf8.encode(ch)) out += '%' + b.toString(16).toUpperCase().padStart(2, '0')
    }
  }
  return out
}

const isHex = (c: string | undefined) => c !== undefined && /^[0-9A-Fa-f]$/.test(c)

function goUnescape(s: string, mode: Encoding): string | GoUrlError {
  for (let i = 0; i < s.length;) {
    const c = s[i] ?? ''
    if (c === '%') {
      if (i + 2 >= s.length || !isHex(s[i + 1]) || !isHex(s[i + 2])) {
        return new GoUrlError('invalid URL escape ' + goQuote(s.slice(i, i + 3)))
      }
      if (mode === 'host' && parseInt(s[i + 1] ?? '0', 16) < 8 && s.slice(i, i + 3) !== '%25') {
        return new GoUrlError('invalid URL escape ' + goQuote(s.slice(i, i + 3)))
      }
      i += 3
    } else {
      if (mode === 'host' && c.charCodeAt(0) < 0x80 && shouldEscape(c, mode)) {
        return new GoUrlError(`invalid character ${goQuote(c)} in host name`)
      }
      i++
    }
  }
  if (!s.includes('%') && !(mode === 'queryComponent' && s.includes('+'))) return s
  const bytes: number[] = []
  for (let i = 0; i < s.length;) {
    const c = s[i] ?? ''
    if (c === '%') {
      bytes.push(parseInt(s.slice(i + 1, i + 3), 16))
      i += 3
    } else if (c === '+' && mode === 'queryComponent') {
      bytes.push(0x20)
      i++
    } else {
      const cp = s.codePointAt(i) ?? 0
      const ch = String.fromCodePoint(cp)
      for (const b of utf8.encode(ch)) bytes.push(b)
      i += ch.length
    }
  }
  return new TextDecoder().decode(new Uint8Array(bytes))
}

function validEncoded(s: string, mode: Encoding): boolean {
  for (const c of s) {
    if (`!$&'()*+,;=:@[]%`.includes(c)) continue
    if (shouldEscape(c, mode)) return false
  }
  return true
}

function getScheme(raw: string): [string, string] | GoUrlError {
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i] ?? ''
    if (/^[A-Za-z]$/.test(c)) continue
    if (/^[0-9+\-.]$/.test(c)) {
      if (i === 0) return ['', raw]
      continue
    }
    if (c === ':') {
      if (i === 0) return new GoUrlError('missing protocol scheme')
      return [raw.slice(0, i), raw.slice(i + 1)]
    }
    return ['', raw]
  }
  return ['', raw]
}

function validOptionalPort(port: string): boolean {
  return port === '' || /^:[0-9]*$/.test(port)
}

function parseHost(host: string): string | GoUrlError {
  if (host.startsWith('[')) {
    const i = host.lastIndexOf(']')
    if (i < 0) return new GoUrlError("missing ']' in host")
    const colonPort = host.slice(i + 1)
    if (!validOptionalPort(colonPort)) return new GoUrlError(`invalid port ${goQuote(colonPort)} after host`)
  } else {
    const i = host.lastIndexOf(':')
    if (i !== -1) {
      const colonPort = host.slice(i)
      if (!validOptionalPort(colonPort)) return new GoUrlError(`invalid port ${goQuote(colonPort)} after host`)
    }
  }
  return goUnescape(host, 'host')
}

function parseAuthority(authority: string): {user: GoUrl['user']; host: string} | GoUrlError {
  const at = authority.lastIndexOf('@')
  const host = parseHost(at < 0 ? authority : authority.slice(at + 1))
  if (host instanceof GoUrlError) return host
  if (at < 0) return {user: undefined, host}
  const userinfo = authority.slice(0, at)
  if (!/^[A-Za-z0-9\-._:~!$&'()*+,;=%@]*$/.test(userinfo)) return new GoUrlError('net/url: invalid userinfo')
  const colon = userinfo.indexOf(':')
  if (colon === -1) {
    const username = goUnescape(userinfo, 'userPassword')
    if (username instanceof GoUrlError) return username
    return {user: {username}, host}
  }
  const username = goUnescape(userinfo.slice(0, colon), 'userPassword')
  if (username instanceof GoUrlError) return username
  const password = goUnescape(userinfo.slice(colon + 1), 'userPassword')
  if (password instanceof GoUrlError) return password
  return {user: {username, password}, host}
}

/** Go url.Parse. */
function goUrlParse(rawURL: string): GoUrl | GoUrlError {
  const hash = rawURL.indexOf('#')
  const u = hash === -1 ? rawURL : rawURL.slice(0, hash)
  const url = goUrlParseNoFragment(u)
  if (url instanceof GoUrlError) return new GoUrlError(`parse ${goQuote(u)}: ${url.message}`)
  if (hash === -1) return url
  const frag = rawURL.slice(hash + 1)
  const f = goUnescape(frag, 'fragment')
  if (f instanceof GoUrlError) return new GoUrlError(`parse ${goQuote(rawURL)}: ${f.message}`)
  url.fragment = f
  url.rawFragment = goEscape(f, 'fragment') === frag ? '' : frag
  return url
}

function goUrlParseNoFragment(rawURL: string): GoUrl | GoUrlError {
  if (/[\x00-\x1f\x7f]/.test(rawURL)) return new GoUrlError('net/url: invalid control character in URL')
  const url = emptyUrl()
  if (rawURL === '*') {
    url.path = '*'
    return url
  }
  const sch = getScheme(rawURL)
  if (sch instanceof GoUrlError) return sch
  url.scheme = sch[0].toLowerCase()
  let rest = sch[1]
  if (rest.endsWith('?') && rest.indexOf('?') === rest.length - 1) {
    url.forceQuery = true
    rest = rest.slice(0, -1)
  } else {
    const q = rest.indexOf('?')
    if (q !== -1) {
      url.rawQuery = rest.slice(q + 1)
      rest = rest.slice(0, q)
    }
  }
  if (!rest.startsWith('/')) {
    if (url.scheme !== '') {
      url.opaque = rest
      return url
    }
    const slash = rest.indexOf('/')
    const segment = slash === -1 ? rest : rest.slice(0, slash)
    if (segment.includes(':')) return new GoUrlError('first path segment in URL cannot contain colon')
  }
  if ((url.scheme !== '' || !rest.startsWith('///')) && rest.startsWith('//')) {
    let authority = rest.slice(2)
    rest = ''
    const slash = authority.indexOf('/')
    if (slash >= 0) {
      rest = authority.slice(slash)
      authority = authority.slice(0, slash)
    }
    const a = parseAuthority(authority)
    if (a instanceof GoUrlError) return a
    url.user = a.user
    url.host = a.host
  } else if (url.scheme !== '' && rest.startsWith('/')) {
    url.omitHost = true
  }
  const path = goUnescape(rest, 'path')
  if (path instanceof GoUrlError) return path
  url.path = path
  url.rawPath = goEscape(path, 'path') === rest ? '' : rest
  return url
}

function escapedPath(u: GoUrl): string {
  if (u.rawPath !== '' && validEncoded(u.rawPath, 'path')) {
    const p = goUnescape(u.rawPath, 'path')
    if (!(p instanceof GoUrlError) && p === u.path) return u.rawPath
  }
  if (u.path === '*') return '*'
  return goEscape(u.path, 'path')
}

function escapedFragment(u: GoUrl): string {
  if (u.rawFragment !== '' && validEncoded(u.rawFragment, 'fragment')) {
    const f = goUnescape(u.rawFragment, 'fragment')
    if (!(f instanceof GoUrlError) && f === u.fragment) return u.rawFragment
  }
  return goEscape(u.fragment, 'fragment')
}

/** Go (*url.URL).String. */
function goUrlString(u: GoUrl): string {
  let buf = ''
  if (u.scheme !== '') buf += u.scheme + ':'
  if (u.opaque !== '') {
    buf += u.opaque
  } else {
    if (u.scheme !== '' || u.host !== '' || u.user !== undefined) {
      if (!(u.omitHost && u.host === '' && u.user === undefined)) {
        if (u.host !== '' || u.path !== '' || u.user !== undefined) buf += '//'
        if (u.user !== undefined) {
          buf += goEscape(u.user.username, 'userPassword')
          if (u.user.password !== undefined) buf += ':' + goEscape(u.user.password, 'userPassword')
          buf += '@'
        }
        if (u.host !== '') buf += goEscape(u.host, 'host')
      }
    }
    const path = escapedPath(u)
    if (path !== '' && !path.startsWith('/') && u.host !== '') buf += '/'
    if (buf === '') {
      const slash = path.indexOf('/')
      if ((slash === -1 ? path : path.slice(0, slash)).includes(':')) buf += './'
    }
    buf += path
  }
  if (u.forceQuery || u.rawQuery !== '') buf += '?' + u.rawQuery
  if (u.fragment !== '') buf += '#' + escapedFragment(u)
  return buf
}

/** Go url.ParseQuery (values keep their order of appearance per key). */
function goParseQuery(query: string): Map<string, string[]> | GoUrlError {
  const m = new Map<string, string[]>()
  let err: GoUrlError | undefined
  let rest = query
  while (rest !== '') {
    const amp = rest.indexOf('&')
    let key = amp === -1 ? rest : rest.slice(0, amp)
    rest = amp === -1 ? '' : rest.slice(amp + 1)
    if (key.includes(';')) {
      err = new GoUrlError('invalid semicolon separator in query')
      continue
    }
    if (key === '') continue
    const eq = key.indexOf('=')
    let value = eq === -1 ? '' : key.slice(eq + 1)
    key = eq === -1 ? key : key.slice(0, eq)
    const k = goUnescape(key, 'queryComponent')
    if (k instanceof GoUrlError) {
      err ??= k
      continue
    }
    const v = goUnescape(value, 'queryComponent')
    if (v instanceof GoUrlError) {
      err ??= v
      continue
    }
    value = v
    const list = m.get(k)
    if (list === undefined) m.set(k, [value])
    else list.push(value)
  }
  return err ?? m
}

/** Go url.Values.Encode: keys sorted, each value `key=value`, query-escaped. */
function goEncodeQuery(values: Map<string, string[]>): string {
  const keys = [...values.keys()].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)))
  const out: string[] = []
  for (const k of keys) {
    for (const v of values.get(k) ?? []) out.push(goEscape(k, 'queryComponent') + '=' + goEscape(v, 'queryComponent'))
  }
  return out.join('&')
}
