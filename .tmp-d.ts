import {scanNative} from './src/hcl/scan.ts'
for (const s of ['a = (1]\nb = 2\n', 'a = [1, (2]]\nb = 3\n']) { const r = scanNative(s, 'x'); console.log(JSON.stringify(r.diagnostics.map(d => [d.summary, d.detail, d.range?.start.byte])), r.body.attributes.map(a => a.expr)) }
