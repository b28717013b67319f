// The layers of tfgraph, checked by dependency-cruiser (`npm run layers`; `npm test` runs it as the test
// test/layers.test.ts). Issue #15. Modelled on dependency-cruiser's own .dependency-cruiser.json: the
// recommended-strict set, then rules of our own, each with the reason in its comment.
//
// The stages of src/, lowest first; a layer may import its own folder and any layer below it, never one
// above it. rules, lock, export and state are one layer of four siblings that do not import one another.
//
//   diag                      Diagnostic, positions, name suggestions: used by every layer
//   addrs                     provider and module source addresses
//   io                        file inputs, caches
//   hcl                       parsing
//   load                      the merged module model
//   crawl                     the module tree (crawler, module walker, manifest, static evaluation)
//   providers                 local names, resolution, requirements, version constraints, the graphology graph
//   rules | lock | export | state   lint rules | lock files | graph views | a state matched to the configuration
//   lint                      the lint pipeline (runs the rules)
//   render                    what a reader sees: text, tables, trees, SARIF, DOT, Mermaid, progress
//   config.ts, api.ts         entry points of the library (api.ts may use config.ts)
//   cli                       what the commands share (flags, run set-up)
//   lsp                       the language server (protocol code on the public openWorkspace), beside cli
//   index.ts                  the public API: re-exports, imported by nothing in src/
//   commands/ (outside src)   the oclif commands: may import anything in src/; nothing in src/ imports them
//
// Allowed matrix (row imports column; = its own folder):
//
//              diag addrs io hcl load crawl prov rules lock export state lint render cfg/api cli lsp index
//   diag        =
//   addrs       x    =
//   io          x    x    =
//   hcl         x    x    x   =
//   load        x    x    x   x   =
//   crawl       x    x    x   x   x    =
//   providers   x    x    x   x   x    x     =
//   rules       x    x    x   x   x    x     x    =
//   lock        x    x    x   x   x    x     x          =
//   export      x    x    x   x   x    x     x                =
//   state       x    x    x   x   x    x     x                       =
//   lint        x    x    x   x   x    x     x    x     x    x     x     =
//   render      x    x    x   x   x    x     x    x     x    x     x     x    =
//   config.ts   x    x    x   x   x    x     x    x     x    x     x     x    x
//   api.ts      x    x    x   x   x    x     x    x     x    x     x     x    x     x
//   cli         x    x    x   x   x    x     x    x     x    x     x     x    x     x       =
//   lsp         x    x    x   x   x    x     x    x     x    x     x     x    x     x           =
//   index.ts    x    x    x   x   x    x     x    x     x    x     x     x    x     x       x
//   commands/   x    x    x   x   x    x     x    x     x    x     x     x    x     x       x   x   x

/** `^src/(a|b)/`: a module in one of these folders of src/. */
const inSrc = (...folders) => `^src/(${folders.join('|')})/`

/** A module of src/ that is in none of these folders. */
const outsideOf = (...folders) => ({path: '^src/', pathNot: inSrc(...folders)})

module.exports = {
  extends: 'dependency-cruiser/configs/recommended-strict',
  forbidden: [
    // -------------------------------------------------------------------------------------------------
    // from recommended-strict, narrowed or explained

    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'This dependency is part of a circular relationship between modules. Break it by moving what both ' +
        'need to the lower of the two (a shared type or helper), or by moving the module that is in the wrong layer.',
      from: {},
      to: {circular: true},
    },
    {
      name: 'no-orphans',
      severity: 'error',
      comment:
        'This module of src/ is imported by nothing: it is dead wood, or its importer lives outside src/ ' +
        '(a test only). Use it, remove it, or make it part of the layer that needs it.',
      from: {orphan: true, path: '^src/'},
      to: {},
    },

    // -------------------------------------------------------------------------------------------------
    // folders

    {
      name: 'no-circular-folders',
      severity: 'error',
      scope: 'folder',
      comment:
        'This folder imports a folder that imports it back (through any number of folders): the two are no ' +
        'longer layers. Move the shared type or helper to the lower folder, or the misplaced module to the higher one.',
      from: {},
      to: {circular: true},
    },

    // -------------------------------------------------------------------------------------------------
    // the layers of src/ (see the matrix above): one rule per layer, listing what is above it

    {
      name: 'layer-diag',
      severity: 'error',
      comment: 'diag (Diagnostic, positions, name suggestions) is used by every layer, so it imports none of them.',
      from: {path: inSrc('diag')},
      to: outsideOf('diag'),
    },
    {
      name: 'layer-addrs',
      severity: 'error',
      comment:
        'addrs (provider and module source addresses) is used by every layer from io up and uses only diag: ' +
        'an address never needs the module model (load), the crawler or anything above.',
      from: {path: inSrc('addrs')},
      to: outsideOf('addrs', 'diag'),
    },
    {
      name: 'layer-io',
      severity: 'error',
      comment: 'io (file inputs, caches) is used by hcl and up; it knows nothing of parsing, modules or output.',
      from: {path: inSrc('io')},
      to: outsideOf('io', 'diag', 'addrs'),
    },
    {
      name: 'layer-hcl',
      severity: 'error',
      comment: 'hcl (parsing) sits on io, addrs and diag: it must not import load or any later stage.',
      from: {path: inSrc('hcl')},
      to: outsideOf('hcl', 'io', 'diag', 'addrs'),
    },
    {
      name: 'layer-load',
      severity: 'error',
      comment: 'load (the merged module model) sits on hcl: it must not import crawl or any later stage.',
      from: {path: inSrc('load')},
      to: outsideOf('load', 'hcl', 'io', 'diag', 'addrs'),
    },
    {
      name: 'layer-crawl',
      severity: 'error',
      comment:
        'crawl (the module tree) sits on load: it must not import providers or any later stage (the graphology ' +
        'graph with provider edges is built in providers/).',
      from: {path: inSrc('crawl')},
      to: outsideOf('crawl', 'load', 'hcl', 'io', 'diag', 'addrs'),
    },
    {
      name: 'layer-providers',
      severity: 'error',
      comment:
        'providers sits on crawl: it must not import rules, lock, export, lint, render or anything above. ' +
        'Version constraints live here (providers/releases/constraints.ts) because requirements, lock and rules all use them; ' +
        'text for a reader lives in render/.',
      from: {path: inSrc('providers')},
      to: outsideOf('providers', 'crawl', 'load', 'hcl', 'io', 'diag', 'addrs'),
    },
    {
      name: 'layer-rules-lock-export',
      severity: 'error',
      comment:
        'rules, lock, export and state (a state matched to the configuration) are four siblings on providers: none imports another, nor lint, render or ' +
        'anything above (what two of them share belongs in providers or below; their text in render/).',
      from: {path: inSrc('rules', 'lock', 'export', 'state')},
      to: {path: '^src/', pathNot: ['^src/$1/', inSrc('providers', 'crawl', 'load', 'hcl', 'io', 'diag', 'addrs')]},
    },
    {
      name: 'layer-lint',
      severity: 'error',
      comment:
        'lint (the pipeline that runs the rules) sits on rules, lock and export: it must not import render, cli or the entry points.',
      from: {path: inSrc('lint')},
      to: outsideOf('lint', 'rules', 'lock', 'export', 'state', 'providers', 'crawl', 'load', 'hcl', 'io', 'diag', 'addrs'),
    },
    {
      name: 'layer-render',
      severity: 'error',
      comment:
        'render (text, tables, trees, JSON, SARIF, DOT, Mermaid, progress) may read every stage below it, ' +
        'but not cli or the entry points (config.ts, api.ts, index.ts).',
      from: {path: inSrc('render')},
      to: outsideOf('render', 'lint', 'rules', 'lock', 'export', 'state', 'providers', 'crawl', 'load', 'hcl', 'io', 'diag', 'addrs'),
    },
    {
      name: 'layer-entry-points',
      severity: 'error',
      comment:
        'config.ts and api.ts are the entry points of the library, above every stage: they must not import cli ' +
        '(what the commands share) or index.ts; config.ts is below api.ts.',
      from: {path: '^src/(config|api)[.]ts$'},
      to: {path: ['^src/cli/', '^src/lsp/', '^src/index[.]ts$', '^src/api[.]ts$']},
    },
    {
      name: 'layer-cli',
      severity: 'error',
      comment: 'cli (flags and run set-up the commands share) may use the whole library, but not the public API index.ts.',
      from: {path: inSrc('cli')},
      to: {path: '^src/index[.]ts$'},
    },
    {
      name: 'layer-lsp',
      severity: 'error',
      comment:
        'lsp (the language server: protocol code) sits on the entry points beside cli: it may use api.ts and every stage ' +
        'below, never cli (what the commands share) or index.ts; nothing in src/ but itself imports it (commands/lsp.ts does).',
      from: {path: inSrc('lsp')},
      to: {path: ['^src/cli/', '^src/index[.]ts$']},
    },
    {
      name: 'nothing-below-imports-lsp',
      severity: 'error',
      comment: 'The language server is the top of src/ beside cli: no stage, entry point or cli module imports it.',
      from: {path: '^src/', pathNot: inSrc('lsp')},
      to: {path: inSrc('lsp')},
    },
    {
      name: 'index-is-the-top',
      severity: 'error',
      comment: 'index.ts is the public API: it re-exports the library, and nothing in src/ imports it.',
      from: {path: '^src/', pathNot: '^src/index[.]ts$'},
      to: {path: '^src/index[.]ts$'},
    },
    {
      name: 'src-not-to-commands',
      severity: 'error',
      comment:
        'src/ is the library, commands/ the oclif commands on top of it: the library never imports a command, the entry script, a test or a script.',
      from: {path: '^src/'},
      to: {path: '^(commands|bin|test|scripts)/'},
    },

    // -------------------------------------------------------------------------------------------------
    // packages

    {
      name: 'not-to-dev-dep',
      severity: 'error',
      comment:
        'This module of the product (src/, commands/, bin/) imports a package that is only a devDependency: ' +
        '`npm ci --omit=dev` would break it. Move the package to dependencies, or the code out of the product. ' +
        'Type-only imports are erased at compile time and allowed.',
      from: {path: '^(src|commands|bin)/'},
      to: {dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'], pathNot: ['node_modules/@types/']},
    },
  ],
  options: {
    doNotFollow: {path: 'node_modules'},
    // bin/run.js imports the bundle (dist/cli/entry.js), which is built from commands/ and src/
    exclude: {path: '^dist/'},
    moduleSystems: ['es6'],
    // `import type` counts: a type-only import ties two layers as much as any other
    tsPreCompilationDeps: true,
    // resolves `./x.js` to `./x.ts` as tsc does
    tsConfig: {fileName: 'tsconfig.json'},
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: {
      archi: {collapsePattern: ['^src/[^/]+', '^commands/', '^bin/', 'node_modules/(@[^/]+/)?[^/]+']},
      dot: {collapsePattern: 'node_modules/(@[^/]+/)?[^/]+'},
    },
  },
}
