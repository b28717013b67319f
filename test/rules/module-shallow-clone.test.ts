import {moduleShallowClone} from '../../src/rules/module-shallow-clone.js'
import {ruleTests} from './rule-tester.js'

// In-memory cases: those marked tflint restate the facts of tflint-ruleset-terraform's rules/terraform_module_shallow_clone_test.go
// (the peer suite, test/rules/peer/, runs its cases as they are); the others are tfgraph's own.
const code = 'lint.module-shallow-clone'

const t = ruleTests(moduleShallowClone, {
  valid: ['shallow'],
  invalid: ['deep'],
  memory: [
    {
      name: 'tflint: registry and local modules',
      files: {
        'module.tf':
          'module "registry" {\n  source  = "hashicorp/consul"\n  version = "~> 1.0"\n}\nmodule "local" {\n  source = "./modules/consul"\n}\n',
      },
      expected: [],
    },
    {
      name: 'tflint: not pinned at all (module-source-unpinned says it)',
      files: {'module.tf': 'module "unpinned" {\n  source = "git://github.com/hashicorp/consul.git"\n}\n'},
      expected: [],
    },
    {
      name: 'tflint: a ref that looks like a commit id',
      files: {
        'module.tf':
          'module "a" {\n  source = "git://github.com/hashicorp/consul.git?ref=babe"\n}\nmodule "b" {\n  source = "git://github.com/hashicorp/consul.git?ref=abc123def456789012345678901234567890abcd"\n}\nmodule "c" {\n  source = "github.com/hashicorp/consul?ref=feed"\n}\n',
      },
      expected: [],
    },
    {
      name: 'tflint: depth=1 before or after the ref',
      files: {
        'module.tf':
          'module "a" {\n  source = "git://github.com/hashicorp/consul.git?ref=v1.0.0&depth=1"\n}\nmodule "b" {\n  source = "git://github.com/hashicorp/consul.git?depth=1&ref=v1.0.0"\n}\n',
      },
      expected: [],
    },
    {
      name: 'tflint: SSH, HTTPS, GitHub shorthands, Bitbucket',
      files: {
        'module.tf':
          'module "a" {\n  source = "git::ssh://git@github.com/hashicorp/consul.git?ref=v1.0.0"\n}\nmodule "b" {\n  source = "git::https://github.com/hashicorp/consul.git?ref=v1.0.0"\n}\nmodule "c" {\n  source = "git@github.com:hashicorp/consul.git?ref=v1.0.0"\n}\nmodule "d" {\n  source = "github.com/hashicorp/consul?ref=v1.0.0"\n}\nmodule "e" {\n  source = "bitbucket.org/hashicorp/tf-test-git?ref=v1.0.0"\n}\nmodule "f" {\n  source = "github.com/hashicorp/consul?ref=beta"\n}\n',
      },
      expected: [
        {code, range: 'module.tf:2,12-71'},
        {code, range: 'module.tf:5,12-69'},
        {code, range: 'module.tf:8,12-60'},
        {code, range: 'module.tf:11,12-52'},
        {code, range: 'module.tf:14,12-60'},
        {code, range: 'module.tf:17,12-50'},
      ],
    },
  ],
})

t.run()
