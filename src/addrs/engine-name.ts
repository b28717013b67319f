// The two engines by name: all that addresses need to know about the engine (default registry hosts,
// wording). The Engine record itself (product, registry host, command) is load/engine.ts, which
// re-exports this type.
export type EngineName = 'terraform' | 'opentofu'
