// comment-syntax (off by default, as in tflint): comments written `// …` or as `/* … */` over several
// lines instead of `# …`, the form Terraform's style conventions use. A one-line `/* … */` is left alone
// (it may sit inside an expression). Native syntax only; read from the files' text (the model keeps no comments).
import {advancePos} from '../diag/positions.js'
import {lex, T} from '../hcl/native/lexer.js'
import {moduleFiles, moduleStageFindings, shownRange} from './module-stage.js'
import type {LintDiagnostic, ModuleFinding, Rule} from './rule.js'
import {moduleText, report, where} from './support.js'
import {commentFix} from './fix/comments.js'
import {FixFile} from './fix/source-file.js'

export const commentSyntax = {
  id: 'comment-syntax',
  severity: 'warning',
  enabledByDefault: false,
  scope: 'module',
  description: 'A comment written with // or as a multi-line /* */ block instead of #.',
  docs: 'docs/rules/comment-syntax.md',
  check(ctx): LintDiagnostic[] {
    if (!ctx.sourceText) return []
    return report(commentSyntax, moduleStageFindings(commentSyntax, ctx))
  },
  checkModule({module, sourceText, fixes}): ModuleFinding[] {
    if (!sourceText) return []
    const findings: ModuleFinding[] = []
    for (const {filename, text} of moduleFiles(module, 'native', sourceText)) {
      if (!text.includes('/')) continue
      const tokens = lex(text, text.charCodeAt(0) === 0xfeff ? 1 : 0)
      const file = fixes ? new FixFile(filename, text) : undefined
      // positions advance with the comments (one pass over the text)
      let pos = {line: 1, column: 1, byte: 0}
      let at = 0
      for (let i = 0; i < tokens.types.length; i++) {
        if (tokens.types[i] !== T.COMMENT) continue
        const s = tokens.starts[i]!
        const c = text.charCodeAt(s + 1)
        if (text.charCodeAt(s) !== 47 || (c === 42 && !text.slice(s, tokens.ends[i]).includes('\n'))) continue
        const begin = advancePos(pos, text.slice(at, s))
        const end = advancePos(begin, text.slice(s, tokens.ends[i]!))
        pos = end
        at = tokens.ends[i]!
        const range = {filename, start: begin, end}
        const slashes = c === 47
        const fix = file && commentFix(file, s, tokens.ends[i]!)
        const written = ` has a comment written ${slashes ? 'with //' : 'as a /* */ block over several lines'} at `
        const rest = `. Terraform's style conventions write every comment with #, which is what terraform fmt and readers expect. To fix it, ${slashes ? 'replace // with #' : 'write each line of it as a # comment'}.`
        findings.push({
          summary: 'Comment not written with #',
          // the range as the root shows the file (the model's absolute name is for the range itself)
          detail: (call) => moduleText(call.address) + written + where(shownRange(call, range)) + rest,
          range,
          key: 'comment',
          ...(fix ? {fixes: [fix]} : {}),
        })
      }
    }
    return findings
  },
} satisfies Rule
