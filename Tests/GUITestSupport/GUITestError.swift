/// A GUI test's set-up or driving failed (a program missing its window, xdotool refusing):
/// the message says what, with what the program said.
public struct GUITestError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
