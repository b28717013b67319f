import {scanNative} from './src/hcl/scan.ts'
for (const n of [2500, 5000, 10000, 20000]) {
  const src = 'a = (1]\n'.repeat(n)
  const t0 = performance.now()
  const r = scanNative(src, 'x')
  console.log(n, (performance.now() - t0).toFixed(0), r.diagnostics.length, r.body.attributes.length)
}
