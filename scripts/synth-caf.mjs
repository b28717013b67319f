// A configuration shaped like the `examples` root of aztfmod/terraform-azurerm-caf, the largest single
// root users run tfgraph on (issue #41): one root calling one module (the repository's root) that calls
// ~350 local modules, some of which call a shared diagnostics module and a child module of their own —
// 622 module instances, ~1,900 files, ~8.6 MB, all local sources (`terraform get` installs them offline).
// Every module is written in caf's style: settings objects read through try(), for_each over maps of
// settings, locals merging tags, azurecaf names, an aliased provider configuration passed down.
// Usage: node scripts/synth-caf.mjs DIR   (or import {generateCafShaped})
import {mkdirSync, writeFileSync} from 'node:fs'
import * as path from 'node:path'
import {fileURLToPath} from 'node:url'

const AREAS = ['networking', 'compute', 'security', 'databases', 'storage', 'analytics', 'monitoring', 'identity', 'messaging', 'web']
/** The variables the examples root passes to the repository's root module, which declares them too. */
const PASSED = ['global_settings', 'client_config', 'diagnostics', 'resource_groups', 'managed_identities', 'keyvaults', 'vnets', ...AREAS]
const KINDS = ['account', 'cluster', 'gateway', 'vault', 'server', 'workspace', 'endpoint', 'policy', 'service', 'pool']
/** Direct calls of the repository's root (350 modules, 5 of them called twice), and modules that call two more. */
const MODULES = 350
const TWICE = 5
const NESTING = 133
/** Arguments per resource and derived locals per module: they set the size (~8.6 MB). */
const SETTINGS = 29
const DERIVED = 28

function settingsArgs(n, indent) {
  const out = []
  for (let a = 0; a < n; a++)
    out.push(
      `${indent}setting_${a}${' '.repeat(Math.max(1, 12 - String(a).length))}= try(each.value.setting_${a}, try(var.defaults.setting_${a}, null))`,
    )
  return out.join('\n')
}

function variables(names, module = 'this module') {
  return names
    .map(
      (v) =>
        `variable "${v}" {\n  description = "The ${v.replace(/_/g, ' ')} settings object of ${module}, as documented (see the examples)."\n  type        = any\n  default     = {}\n}\n`,
    )
    .join('\n')
}

/** One module of ~4.6 KB per file: main.tf (resources), variables.tf, outputs.tf, locals.tf. */
function moduleFiles(name, area, callsChild, resources, vhub) {
  const res = []
  for (let r = 0; r < resources; r++) {
    res.push(`resource "azurecaf_name" "${name}_${r}" {
  name          = try(var.settings.name, "${name}-${r}")
  resource_type = "azurerm_${area}_${r}"
  prefixes      = var.global_settings.prefixes
  random_length = var.global_settings.random_length
  clean_input   = true
  passthrough   = var.global_settings.passthrough
  use_slug      = var.global_settings.use_slug
}

resource "azurerm_${area}_${name.split('_')[1]}" "${name}_${r}" {
  name                = azurecaf_name.${name}_${r}.result
  location            = local.location
  resource_group_name = local.resource_group_name
  tags                = merge(local.tags, try(var.settings.tags, {}))
${settingsArgs(SETTINGS, '  ').replace(/each\.value/g, 'var.settings')}

  dynamic "identity" {
    for_each = try(var.settings.identity, null) == null ? [] : [var.settings.identity]
    content {
      type         = identity.value.type
      identity_ids = concat(try(identity.value.managed_identity_ids, []), [for key in try(identity.value.managed_identity_keys, []) : var.remote_objects.managed_identities[try(identity.value.lz_key, var.client_config.landingzone_key)][key].id])
    }
  }

  lifecycle {
    ignore_changes = [tags["created_on"]]
  }
}
`)
  }
  const child = callsChild
    ? `
module "diagnostics" {
  source   = "../../diagnostics"
  for_each = try(var.settings.diagnostic_profiles, {})

  resource_id       = azurerm_${area}_${name.split('_')[1]}.${name}_0.id
  resource_location = local.location
  diagnostics       = var.diagnostics
  profiles          = try(var.settings.diagnostic_profiles, {})
}

module "child" {
  source   = "./child"
  for_each = try(var.settings.children, {})

  global_settings = var.global_settings
  settings        = each.value
  parent_id       = azurerm_${area}_${name.split('_')[1]}.${name}_0.id
  tags            = local.tags
}
`
    : ''
  return {
    'main.tf': `terraform {\n  required_providers {\n    azurerm = {\n      source = "hashicorp/azurerm"${vhub ? '\n      configuration_aliases = [azurerm.vhub]' : ''}\n    }\n    azurecaf = {\n      source = "aztfmod/azurecaf"\n    }\n  }\n}\n\n${res.join('\n')}${child}`,
    'variables.tf': variables(
      [
        'global_settings',
        'client_config',
        'settings',
        'resource_group',
        'location',
        'resource_group_name',
        'base_tags',
        'tags',
        'diagnostics',
        'remote_objects',
        'defaults',
        ...Array.from({length: 14}, (_, i) => `option_${i}`),
      ],
      `the ${name.replace(/_/g, ' ')} module`,
    ),
    'outputs.tf': Array.from(
      {length: 12},
      (_, i) =>
        `output "attribute_${i}" {\n  description = "Attribute ${i} of the first ${name}."\n  value       = try(azurerm_${area}_${name.split('_')[1]}.${name}_0.setting_${i}, null)\n}\n`,
    ).join('\n'),
    'locals.tf': `locals {\n  tags = var.base_tags ? merge(\n    var.global_settings.tags,\n    try(var.resource_group.tags, null),\n    try(var.tags, null)\n  ) : try(var.tags, null)\n\n  location            = coalesce(var.location, try(var.resource_group.location, null))\n  resource_group_name = coalesce(var.resource_group_name, try(var.resource_group.name, null))\n${Array.from({length: DERIVED}, (_, i) => `  derived_${i} = { for key, value in try(var.option_${i % 14}, {}) : key => merge(value, { index = ${i}, name = try(value.name, key) }) }`).join('\n')}\n}\n`,
  }
}

function write(dir, files) {
  mkdirSync(dir, {recursive: true})
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text)
  return Object.keys(files).length
}

/** Writes the configuration under `dir`; its root module is `dir/examples`. */
export function generateCafShaped(dir) {
  let files = 0
  const calls = []
  for (let m = 0; m < MODULES; m++) {
    const area = AREAS[m % AREAS.length]
    const name = `${KINDS[Math.floor(m / AREAS.length) % KINDS.length]}_${KINDS[m % KINDS.length]}${m}`
    const nests = m >= TWICE && m < TWICE + NESTING
    const vhub = m % 4 === 0
    files += write(path.join(dir, 'modules', area, name), moduleFiles(name, area, nests, 2, vhub))
    if (nests) {
      const child = moduleFiles(`${name}c`, area, false, 1, false)
      files += write(path.join(dir, 'modules', area, name, 'child'), {
        'main.tf': child['main.tf'] + '\n' + child['locals.tf'],
        'variables.tf': child['variables.tf'],
      })
    }
    for (let k = 0; k < (m < TWICE ? 2 : 1); k++)
      calls.push({call: k === 0 ? name : `${name}_secondary`, source: `./modules/${area}/${name}`, area, vhub})
  }
  files += write(path.join(dir, 'modules', 'diagnostics'), {
    'main.tf': `resource "azurerm_monitor_diagnostic_setting" "diagnostics" {\n  for_each           = var.profiles\n  name               = try(each.value.name, each.key)\n  target_resource_id = var.resource_id\n  storage_account_id = try(var.diagnostics.storage_accounts[each.value.destination_key].id, null)\n}\n`,
    'variables.tf': variables(['resource_id', 'resource_location', 'diagnostics', 'profiles']),
  })
  // the repository's root: the 355 calls over 172 files, with the locals and variables they read
  const perFile = Math.ceil(calls.length / 120)
  for (let f = 0; f * perFile < calls.length; f++) {
    const chunk = calls.slice(f * perFile, (f + 1) * perFile)
    const text = chunk
      .map(
        (c) => `module "${c.call}" {
  source   = "${c.source}"
  for_each = local.${c.area}.${c.call}
${c.vhub ? '  providers = {\n    azurerm      = azurerm\n    azurerm.vhub = azurerm.vhub\n  }\n' : ''}
  global_settings = local.global_settings
  client_config   = local.client_config
  settings        = each.value
  resource_group  = local.combined_objects_resource_groups[try(each.value.resource_group.lz_key, local.client_config.landingzone_key)][try(each.value.resource_group.key, each.value.resource_group_key)]
  base_tags       = try(local.global_settings.inherit_tags, false)
  diagnostics     = local.combined_diagnostics
  remote_objects = {
    managed_identities = local.combined_objects_managed_identities
    keyvaults          = local.combined_objects_keyvaults
    vnets              = local.combined_objects_networking
  }
${settingsArgs(8, '  ').replace(/setting_/g, 'option_')}
}
`,
      )
      .join('\n')
    files += write(dir, {[`${chunk[0].area}_${f}.tf`]: text})
  }
  const areaLocals = AREAS.map(
    (a) =>
      `  ${a} = {\n${calls
        .filter((c) => c.area === a)
        .map((c) => `    ${c.call} = try(var.${a}.${c.call}, {})`)
        .join('\n')}\n  }`,
  ).join('\n')
  files += write(dir, {
    'locals.tf': `locals {\n  global_settings = var.global_settings\n  client_config   = var.client_config\n  combined_diagnostics = var.diagnostics\n  combined_objects_resource_groups = var.resource_groups\n  combined_objects_managed_identities = var.managed_identities\n  combined_objects_keyvaults = var.keyvaults\n  combined_objects_networking = var.vnets\n${areaLocals}\n}\n`,
    'variables.tf': variables(PASSED),
    'providers.tf': `terraform {\n  required_providers {\n    azurerm = {\n      source                = "hashicorp/azurerm"\n      version               = ">= 3.0"\n      configuration_aliases = [azurerm.vhub]\n    }\n    azurecaf = {\n      source = "aztfmod/azurecaf"\n    }\n  }\n}\n`,
  })
  // 100 more files of the root: variables and outputs per area, as caf spreads them
  for (let f = 0; f < 100; f++)
    files += write(dir, {
      [`outputs_${f}.tf`]: calls
        .filter((_, i) => i % 100 === f)
        .map((c) => `output "${c.call}" {\n  value     = module.${c.call}\n  sensitive = true\n}\n`)
        .join('\n'),
    })
  // the examples root: providers, the one call, the variables it passes through
  files += write(path.join(dir, 'examples'), {
    'main.tf': `terraform {\n  required_providers {\n    azurerm = {\n      source  = "hashicorp/azurerm"\n      version = "~> 3.100"\n    }\n    azurecaf = {\n      source  = "aztfmod/azurecaf"\n      version = "~> 1.2"\n    }\n  }\n}\n\nprovider "azurerm" {\n  features {}\n}\n\nprovider "azurerm" {\n  alias = "vhub"\n  features {}\n}\n`,
    'module.tf': `module "example" {\n  source = "../"\n  providers = {\n    azurerm      = azurerm\n    azurerm.vhub = azurerm.vhub\n  }\n\n${PASSED.map((v) => `  ${v} = var.${v}`).join('\n')}\n}\n`,
    'variables.tf': variables(PASSED),
  })
  return {files, modules: MODULES + NESTING + 2, instances: 1 + calls.length + 2 * NESTING}
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2]
  if (!dir) {
    console.error('usage: node scripts/synth-caf.mjs DIR   (the root module is DIR/examples)')
    process.exit(1)
  }
  console.log(JSON.stringify(generateCafShaped(path.resolve(dir))))
}
