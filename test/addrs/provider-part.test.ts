// One part of a provider address (src/addrs/provider.ts, parseProviderPart): a part of ASCII letters, digits
// and inner dashes is answered without the Unicode classes (#53); every answer is the one the Unicode
// classes give, as Terraform's ParseProviderPart gives it.
import {test} from 'uvu'
import * as assert from 'uvu/assert'
import {parseProviderPart} from '../../src/addrs/provider.js'

/** The answer of the classes alone (what parseProviderPart answered before its ASCII shortcut). */
function byClasses(given: string, underscores: boolean): {part: string} | {error: string} {
  if (given.length === 0) return {error: 'must have at least one character'}
  if (given.includes('.')) return {error: 'dots are not allowed'}
  if (given.includes('--')) return {error: 'cannot use multiple consecutive dashes'}
  const valid = underscores ? /^[\p{L}\p{N}_](?:[\p{L}\p{N}_-]*[\p{L}\p{N}_])?$/u : /^[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?$/u
  if (!valid.test(given)) return {error: 'must contain only letters, digits, and dashes, and may not use leading or trailing dashes'}
  return {part: given.normalize('NFKC').toLowerCase()}
}

const PARTS = [
  'aws',
  'hashicorp',
  'HashiCorp',
  'AWS',
  'a',
  'Z',
  '0',
  '9x',
  'terraform-aws-vpc',
  'a-b-c',
  'a--b',
  '-a',
  'a-',
  '-',
  '',
  'a.b',
  'a_b',
  '_a',
  'a_',
  'a b',
  ' a',
  'a\n',
  'a/b',
  'ünïcode',
  'Ünïcode',
  'ﬁle',
  'ａｗｓ',
  'a\u0301',
  '日本',
  'x-日本',
  'İstanbul',
  'ǅ',
  '٣',
  'a-\u0660',
]

test('every part: the same answer as the Unicode classes give, with and without underscores', () => {
  for (const given of PARTS)
    for (const underscores of [false, true])
      assert.equal(parseProviderPart(given, underscores), byClasses(given, underscores), `${JSON.stringify(given)} ${underscores}`)
})

test('ASCII parts are valid as written, lowercased', () => {
  assert.equal(parseProviderPart('HashiCorp'), {part: 'hashicorp'})
  assert.equal(parseProviderPart('terraform-provider-X1'), {part: 'terraform-provider-x1'})
  assert.equal(parseProviderPart('a-'), {
    error: 'must contain only letters, digits, and dashes, and may not use leading or trailing dashes',
  })
})

test.run()
