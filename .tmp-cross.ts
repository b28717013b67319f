import {readFileSync, readdirSync} from 'node:fs'
import {join} from 'node:path'
import {parse} from '@cdktf/hcl2json'
import {scanNative, type ScanBody} from './src/hcl/scan.ts'
const files: string[] = []
const walk = (d: string) => { for (const e of readdirSync(d, {withFileTypes: true})) { const p = join(d, e.name); if (e.isDirectory()) walk(p); else if (e.name.endsWith('.tf')) files.push(p) } }
walk('/work/shared/corpus')
type J = unknown
const problems: string[] = []
let exprSame = 0, exprWrapped = 0, exprOther = 0
const others: string[] = []
function cmp(body: ScanBody, obj: Record<string, J>, where: string) {
  const occ = new Map<string, number>()
  for (const a of body.attributes) {
    if (!(a.name in obj)) { problems.push(`${where}: attr ${a.name} missing`); continue }
    const v = obj[a.name]
    if (typeof v === 'string') {
      if (v === '${' + a.expr + '}') exprWrapped++
      else if (JSON.stringify(v) === a.expr || v === a.expr) exprSame++
      else if (a.expr.startsWith("\"") || a.expr.startsWith("<<")) exprSame++; else { exprOther++; if (others.length < 30) others.push(`${where}.${a.name}: ${JSON.stringify(a.expr).slice(0, 150)} VS ${JSON.stringify(v).slice(0, 150)}`) }
    }
  }
  for (const b of body.blocks) {
    let node: J = obj[b.type]
    const path = [b.type]
    for (const l of b.labels) {
      if (node === null || typeof node !== 'object' || Array.isArray(node)) { node = undefined; break }
      node = (node as Record<string, J>)[l.value]; path.push(l.value)
    }
    if (!Array.isArray(node)) { problems.push(`${where}: block ${path.join('.')} not found`); continue }
    const key = path.join('\u0000')
    const n = occ.get(key) ?? 0
    occ.set(key, n + 1)
    const inst = node[n]
    if (inst === undefined || inst === null || typeof inst !== 'object') { problems.push(`${where}: block ${path.join('.')}[${n}] missing`); continue }
    cmp(b.body, inst as Record<string, J>, `${where} ${path.join('.')}`)
  }
}
const t0 = performance.now()
let hclErr = 0
for (const f of files) {
  const text = readFileSync(f, 'utf8')
  const s = scanNative(text, f)
  let j: J
  try { j = await parse(f, text) } catch (e) { hclErr++; console.log('hcl2json error', f, String(e).slice(0, 200), s.diagnostics.length); continue }
  cmp(s.body, j as Record<string, J>, f.replace('/work/shared/corpus/', ''))
}
console.log('time', performance.now() - t0, 'hclErr', hclErr)
console.log(problems.length, problems.slice(0, 30))
console.log({exprSame, exprWrapped, exprOther}); console.log(others.join('\n'))
