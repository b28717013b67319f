import {commentSyntax} from '../../src/rules/comment-syntax.js'
import {ruleTests} from './rule-tester.js'

// In-memory cases: those marked tflint restate the facts of tflint-ruleset-terraform's rules/terraform_comment_syntax_test.go
// (the peer suite, test/rules/peer/, runs its cases as they are); the others are tfgraph's own.
const code = 'lint.comment-syntax'

const t = ruleTests(commentSyntax, {
  valid: ['hash'],
  invalid: ['slashes'],
  memory: [
    {
      name: 'tflint: a hash comment',
      files: {'variables.tf': '# foo\n'},
      expected: [],
    },
    {
      name: 'tflint: a double-slash comment',
      files: {'variables.tf': '// foo'},
      expected: [{code, range: 'variables.tf:1,1-7'}],
    },
    {
      name: 'tflint: a one-line block comment',
      files: {'variables.tf': 'locals {\n  x = 1 /* comment */ + 2\n}\n'},
      expected: [],
    },
    {
      name: 'tflint: a block comment over several lines',
      files: {'variables.tf': '/*\n\tThis comment spans multiple lines\n*/\n'},
      expected: [{code, range: 'variables.tf:1,1-3,3'}],
    },
    {
      name: 'tflint: two double-slash comments',
      files: {'variables.tf': '// first\n// second'},
      expected: [
        {code, range: 'variables.tf:1,1-2,1'},
        {code, range: 'variables.tf:2,1-10'},
      ],
    },
    {
      name: 'tflint: JSON files have no comments',
      files: {'variables.tf.json': '{"variable": {"foo": {"type": "string"}}}'},
      expected: [],
    },
  ],
})

t.run()
