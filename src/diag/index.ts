// Diagnostics: the Diagnostic type (terraform validate -json shape), ranges and their text form, sorting.
export * from './diagnostic.js'
export * from './codes.js'
