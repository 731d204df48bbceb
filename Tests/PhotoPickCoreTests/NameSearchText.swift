import PhotoPickCore

extension NameSearch {
    /// The test the search makes of a name's bytes, on a name written as text.
    func matches(_ name: String) -> Bool { matches(bytes: name.utf8) }
}
