/// A test fixture that could not be made (a file, a folder, an image).
public struct FactoryError: Error, CustomStringConvertible {
    public let description: String
    public init(_ d: String) { description = d }
}
