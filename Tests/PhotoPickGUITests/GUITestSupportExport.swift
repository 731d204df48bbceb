// Every file of this target sees the shared GUI fixture and driver without importing it.
@_exported import GUITestSupport
