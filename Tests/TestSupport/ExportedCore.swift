// The Media-free helpers live in TestSupportCore (what PhotoPickCoreTests may use); the
// suites that import TestSupport see them too.
@_exported import TestSupportCore
