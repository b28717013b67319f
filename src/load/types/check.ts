// Checking a value against a type constraint as Terraform checks a variable's default: optional
// attribute defaults applied, then cty's conversion; the error text and path Terraform prints.
import {convert, formatPath, PathError, type Ctx} from './convert.js'
import {applyDefaults, defaultsFor} from './defaults.js'
import type {TypeConstraint} from './type.js'
import {DYNAMIC_VAL, type CtyValue} from './values.js'

export interface ConvertOptions {
  /**
   * Apply `type`'s `optional(…, default)` defaults before converting, as `decodeVariableBlock` does for a
   * block's own default (a null value is left alone). The re-check after merging overrides does not.
   */
  readonly applyDefaults?: boolean
  /**
   * The value was first decoded against this type (the base block's constraint, with its defaults applied),
   * as module_merge.go re-converts the already-converted default. If that first conversion fails, Terraform
   * has already reported it and the value is unknown, so this returns no error.
   */
  readonly from?: TypeConstraint
  /**
   * cty ≤ v1.16.2 wording (Terraform ≤ 1.12, OpenTofu ≤ 1.9): "string required" where current cty says
   * "string required, but have tuple".
   */
  readonly legacyMismatch?: boolean
}

export interface ConversionError {
  /** cty's message (`err.Error()`), e.g. `string required` or `a number is required`. */
  readonly message: string
  /** Where in the value it failed, in tfdiags.FormatCtyPath form (`[0].name`, `["key"]`); "" for the value itself. */
  readonly path: string
}

function convertInternal(v: CtyValue, type: TypeConstraint, options: ConvertOptions): ConversionError | undefined {
  const ctx: Ctx = {detailed: !(options.legacyMismatch ?? false)}
  try {
    let value = v
    if (options.from) {
      try {
        const d = defaultsFor(ctx, options.from)
        if (d && value.s !== 'null') value = applyDefaults(ctx, d, value)
        value = convert(ctx, value, options.from)
      } catch (e) {
        if (e instanceof PathError) value = DYNAMIC_VAL
        else throw e
      }
    }
    if (options.applyDefaults) {
      const d = defaultsFor(ctx, type)
      if (d && value.s !== 'null') value = applyDefaults(ctx, d, value)
    }
    convert(ctx, value, type)
    return undefined
  } catch (e) {
    if (e instanceof PathError) return {message: e.message, path: formatPath(e.path)}
    throw e
  }
}

/**
 * cty `convert.Convert(value, type)`: undefined when the value converts, else cty's error text exactly as
 * `err.Error()` prints it (no path), which is what module_merge.go puts into
 * `Overriding this variable's type constraint has made its default value invalid: %s.`
 */
export function convertValue(value: CtyValue, type: TypeConstraint, options: ConvertOptions = {}): string | undefined {
  return checkConversion(value, type, options)?.message
}

/** Like {@link convertValue} but also says where in the value the conversion failed. */
export function checkConversion(value: CtyValue, type: TypeConstraint, options: ConvertOptions = {}): ConversionError | undefined {
  return convertInternal(value, type, options)
}

/**
 * tfdiags.FormatError: `<path>: <message>` when the error has a path, else the message. Terraform ≥ 1.10 uses
 * this for `This default value is not compatible with the variable's type constraint: %s.`; earlier versions,
 * and the re-check after merging overrides, print the bare message.
 */
export function formatConversionError(error: ConversionError): string {
  return error.path === '' ? error.message : `${error.path}: ${error.message}`
}
