// `graph --format svg` drawn by a browser (playwright-core, Debian's chromium) in the fonts a reader's
// system substitutes for it — DejaVu Sans (most Linux systems) and Liberation Sans (metric-compatible with
// Arial and Helvetica): no text box is wider than the node it belongs to, in any view, for long registry
// sources, not-installed and legacy modules, aliased provider configurations (hexagons) and Terraform's
// own resource graph. Graphviz compiled to WebAssembly measures text with its own tables; without the
// widths graph-dot.ts gives nodes, the not-installed modules of eks-blueprints' blue-green-upgrade ran
// 60–95 pt past their boxes in DejaVu Sans.
import {spawnSync} from 'node:child_process'
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import * as path from 'node:path'
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import type {Browser, Page} from 'playwright-core'
import {analyzeProviders, exportGraph, type GraphView} from '../helpers/internal.js'
import {fixturesDir} from '../helpers/paths.js'
import {chromiumPath, hasChromium} from '../helpers/browser.js'
import {skip} from '../package/install.js'
import {renderGraphDot} from '../../src/render/graph-dot.js'
import {loadSvgRenderer} from '../../src/render/graph-svg.js'

const FONTS = ['DejaVu Sans', 'Liberation Sans']

function fontsInstalled(): boolean {
  const r = spawnSync('fc-list', ['--format', '%{family}\n'], {encoding: 'utf8'})
  if (r.status !== 0) return skip('graph --format svg font checks', 'needs fc-list (fontconfig) to find the fonts')
  const missing = FONTS.filter((f) => !r.stdout.split('\n').some((l) => l.split(',').includes(f)))
  return (
    missing.length === 0 ||
    skip('graph --format svg font checks', `needs the fonts ${missing.join(', ')} (apt-get install fonts-dejavu-core fonts-liberation)`)
  )
}

const run = hasChromium('graph --format svg font checks') && fontsInstalled()
let browser: Browser | undefined
let page: Page | undefined
let dir = ''

test.before(async () => {
  if (!run) return
  const {chromium} = await import('playwright-core')
  browser = await chromium.launch({executablePath: chromiumPath})
  // one tab for every drawing: each new tab would cost Chromium a renderer process of its own
  page = await browser.newPage()
  dir = mkdtempSync(path.join(tmpdir(), 'tfgraph-svg-fonts-'))
})
test.after(async () => {
  await browser?.close()
  if (dir) rmSync(dir, {recursive: true, force: true})
})

/** Like blue-green-upgrade's eks cluster module: long registry sources, not installed, in a legacy module. */
function writeLongNames(root: string): void {
  const w = (f: string, text: string): void => {
    mkdirSync(path.dirname(path.join(root, f)), {recursive: true})
    writeFileSync(path.join(root, f), text)
  }
  w(
    'main.tf',
    [
      'provider "aws" {\n  alias  = "us_east_1_with_a_rather_long_alias_name"\n  region = "us-east-1"\n}',
      'module "eks_cluster" {\n  source = "./modules/eks_cluster"\n  providers = { aws = aws.us_east_1_with_a_rather_long_alias_name }\n}',
    ].join('\n') + '\n',
  )
  w(
    'modules/eks_cluster/main.tf',
    [
      'provider "kubernetes" {}',
      'module "ebs_csi_driver_irsa" {\n  source  = "terraform-aws-modules/iam/aws//modules/iam-role-for-service-accounts-eks"\n  version = "~> 5.20"\n}',
      'module "gitops_bridge_bootstrap" {\n  source     = "github.com/gitops-bridge-dev/gitops-bridge-argocd-bootstrap-terraform?ref=v2.0.0"\n  depends_on = [module.ebs_csi_driver_irsa]\n}',
      'module "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWW" {\n  source   = "mmmmmmmmmmmmmmmmmmmmmmm/mmmmmmmmmmmmmmmmmm/aws"\n  for_each = toset(["a"])\n}',
      'resource "aws_iam_role_policy_attachment" "a_resource_with_a_long_name_like_many_have" {}',
      'resource "kubernetes_namespace_v1" "ns" {}',
    ].join('\n') + '\n',
  )
}

type Overflow = {node: string; text: string; by: number}

/** Every <text> of every node drawn in `font`: how far each runs past its node's shape, if it does. */
async function overflows(svg: string, font: string): Promise<{texts: number; over: Overflow[]}> {
  await page!.setContent(`<!doctype html><style>svg text { font-family: "${font}" !important }</style>${svg.slice(svg.indexOf('<svg'))}`)
  return page!.evaluate(() => {
    const over: {node: string; text: string; by: number}[] = []
    let texts = 0
    for (const g of document.querySelectorAll('g.node')) {
      const shape = g.querySelector<SVGGraphicsElement>('polygon, ellipse, path')!.getBBox()
      for (const t of g.querySelectorAll<SVGTextElement>('text')) {
        texts++
        const b = t.getBBox()
        const by = Math.max(shape.x - b.x, b.x + b.width - (shape.x + shape.width))
        if (by > 0.5) over.push({node: g.querySelector('title')?.textContent ?? '', text: t.textContent ?? '', by: Math.round(by)})
      }
    }
    return {texts, over}
  })
}

const analyses = new Map<string, ReturnType<typeof analyzeProviders>>()
const svgOf = async (root: string, view: GraphView, opts: {collapse?: boolean} = {}): Promise<string> => {
  // a root analysed once for all its views
  let analysis = analyses.get(root)
  if (!analysis) analyses.set(root, (analysis = analyzeProviders(root, {env: {}})))
  const a = await analysis
  const {graph} = exportGraph(a, {view, ...opts})
  return (await loadSvgRenderer()).toSvg(renderGraphDot(graph, {svg: true}))
}

test('no text is wider than its node, in DejaVu Sans and in Liberation Sans, in every view', async () => {
  if (!run) return
  const long = path.join(dir, 'long-names')
  writeLongNames(long)
  const cases: [string, string, GraphView, boolean?][] = [
    ['long names', long, 'modules'],
    ['long names', long, 'providers'],
    ['long names', long, 'resources'],
    ['platform', path.join(fixturesDir, 'graph', 'platform'), 'modules'],
    ['platform', path.join(fixturesDir, 'graph', 'platform'), 'providers'],
    ['platform', path.join(fixturesDir, 'graph', 'platform'), 'providers', true],
    ['platform', path.join(fixturesDir, 'graph', 'platform'), 'resources'],
    ['platform', path.join(fixturesDir, 'graph', 'platform'), 'resources', true],
    ['legacy', path.join(fixturesDir, 'graph', 'legacy'), 'providers'],
  ]
  for (const [name, root, view, collapse] of cases) {
    const svg = await svgOf(root, view, collapse ? {collapse} : {})
    for (const font of FONTS) {
      const {texts, over} = await overflows(svg, font)
      assert.ok(texts > 0, `${name} ${view}: texts drawn`)
      assert.equal(over, [], `${name} ${view}${collapse ? ' --collapse' : ''} in ${font}`)
    }
  }
})

test('the check finds overflow: the DOT Graphviz gets without the widths runs past its boxes in DejaVu Sans', async () => {
  if (!run) return
  const long = path.join(dir, 'long-names-plain')
  writeLongNames(long)
  const a = await analyzeProviders(long, {env: {}})
  const plain = (await loadSvgRenderer()).toSvg(renderGraphDot(exportGraph(a, {view: 'modules'}).graph))
  const {over} = await overflows(plain, 'DejaVu Sans')
  assert.ok(over.length > 0 && over.some((o) => o.by > 10), JSON.stringify(over))
})

test.run()
