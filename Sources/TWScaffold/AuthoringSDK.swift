import Glibc
import TWSupport

/// Where a generated plugin project finds what it builds against: the ABI
/// header, the Swift kit's package and the `twhost` to check it with. Found
/// beside the running `twhost`, in one of two layouts:
///
/// - installed by `Scripts/install.sh PREFIX`: `PREFIX/bin/twhost`,
///   `PREFIX/include/twhost/TWPluginAPI.h` and the kit's package in
///   `PREFIX/share/twhost/swift`;
/// - a build tree: `twhost` under a checkout's `.build`, whose
///   `Sources/TWPluginAPI/include` holds the header and whose root is the package.
package struct AuthoringSDK: Equatable, Sendable {
    /// The `twhost` executable.
    package var twhost: String
    /// The folder of `TWPluginAPI.h`.
    package var includeDirectory: String
    /// The folder of the SwiftPM package that provides TWPluginKit and TWPluginTesting.
    package var swiftPackage: String

    /// An SDK at the given paths.
    package init(twhost: String, includeDirectory: String, swiftPackage: String) {
        self.twhost = twhost
        self.includeDirectory = includeDirectory
        self.swiftPackage = swiftPackage
    }

    /// The SDK beside `executable` (a resolved path), installed layout first.
    /// - Parameter trust: why a file of an SDK (the header, the package's
    ///   manifest) could have been written by another user, or nil when it could
    ///   not — the plugin loader's rules. An SDK that fails is skipped;
    ///   its code would run as whoever runs `make check`.
    package static func locate(
        executable: String, trust: (String) -> String? = { _ in nil }
    ) -> Result<AuthoringSDK, ScaffoldError> {
        let bin = directoryName(executable)
        var looked: [String] = []
        var refused: [String] = []
        func trusted(_ files: String...) -> Bool {
            for file in files {
                if let problem = trust(file) {
                    refused.append("\(file): \(problem)")
                    return false
                }
            }
            return true
        }
        let prefix = normalized(bin + "/..")
        let installedHeader = prefix + "/include/twhost/TWPluginAPI.h"
        let installedPackage = prefix + "/share/twhost/swift"
        looked.append(prefix + "/include/twhost")
        if isFile(installedHeader), isFile(installedPackage + "/Package.swift"),
            trusted(installedHeader, installedPackage + "/Package.swift")
        {
            return .success(
                AuthoringSDK(
                    twhost: executable, includeDirectory: prefix + "/include/twhost", swiftPackage: installedPackage))
        }
        // A build tree: .build/<triple>/<configuration>/twhost, or a custom scratch path a few levels down.
        var folder = bin
        for _ in 0..<5 {
            folder = normalized(folder + "/..")
            let include = folder + "/Sources/TWPluginAPI/include"
            looked.append(include)
            if isFile(include + "/TWPluginAPI.h"), isFile(folder + "/Sources/TWPluginKit/TWPlugin.swift"),
                isFile(folder + "/Package.swift"), trusted(include + "/TWPluginAPI.h", folder + "/Package.swift")
            {
                return .success(AuthoringSDK(twhost: executable, includeDirectory: include, swiftPackage: folder))
            }
            if folder == "/" { break }
        }
        if !refused.isEmpty { return .failure(.sdkUntrusted(executable: executable, refused: refused)) }
        return .failure(.sdkNotFound(executable: executable, looked: looked))
    }

    static func directoryName(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = String(path[..<slash])
        return folder.isEmpty ? "/" : folder
    }

    static func normalized(_ path: String) -> String { realPath(path) ?? path }

    static func isFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }
}
