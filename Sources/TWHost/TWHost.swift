// The public face of the host: `import TWHost` gives every stage's public API,
// as one module did before the stages became modules of their own. Each stage
// is a target the compiler keeps one-way (docs/Architecture.md has the graph).
@_exported import TWChecking
@_exported import TWGrammar
@_exported import TWIdentity
@_exported import TWLoading
@_exported import TWModel
@_exported import TWPlatform
@_exported import TWPluginAPI
@_exported import TWRegistry
@_exported import TWResolution
@_exported import TWScaffold
@_exported import TWScenes
@_exported import TWSupport
