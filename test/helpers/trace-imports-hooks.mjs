import {appendFileSync} from 'node:fs'

let out
export function initialize(data) {
  out = data?.out
}

export async function resolve(specifier, context, next) {
  const result = await next(specifier, context)
  if (out) appendFileSync(out, result.url + '\n')
  return result
}
