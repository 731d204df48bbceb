/// The two files of one request, in the backend's private folder.
struct RequestFiles: Equatable {
    let request: String
    let response: String

    init(folder: String, number: Int) {
        request = "\(folder)/\(number).request.json"
        response = "\(folder)/\(number).response.json"
    }
}

/// photopick's argument vector for one request: the program and the two files' paths,
/// nothing else. Whatever an app sent (its window, title, labels, filters, folder) travels
/// in the request file as data; none of it can become an option here, because nothing
/// of the call reaches this function (PickerCommandLineAuditTests keeps it so).
enum PickerCommandLine {
    static func argv(program: String, files: RequestFiles) -> [String] {
        [program, "--request=" + files.request, "--response=" + files.response]
    }
}
