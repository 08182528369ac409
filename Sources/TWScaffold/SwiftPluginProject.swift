/// The files of a generated Swift plugin project: a SwiftPM package whose
/// dynamic library product is `lib<name>.so`, with a test.
struct SwiftPluginProject {
    var name: String
    var sdk: AuthoringSDK

    /// `my-glow` → `MyGlowPlugin`: a module name that no toolchain module has.
    var module: String {
        name.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined() + "Plugin"
    }

    var files: [PluginScaffold.File] {
        [
            .init(path: "Package.swift", contents: manifest),
            .init(path: "Sources/\(module)/\(module).swift", contents: source),
            .init(path: "Tests/\(module)Tests/\(module)Tests.swift", contents: tests),
            .init(path: "Makefile", contents: makefile),
            .init(path: "scene.json", contents: SampleScene.json(plugin: name)),
            .init(path: "README.md", contents: readme),
            .init(path: ".gitignore", contents: "# Build output\n.build/\n.swiftpm/\n*.so\n"),
        ]
    }

    var manifest: String {
        """
        // swift-tools-version:6.0
        // The \(name) twhost plugin. `swift build` builds lib\(name).so; `make check` also
        // checks it with twhost and runs the tests.
        import PackageDescription

        let package = Package(
            name: "\(name)",
            products: [
                // lib\(name).so: the file twhost loads with `--plugins \(name)`.
                .library(name: "\(name)", type: .dynamic, targets: ["\(module)"])
            ],
            dependencies: [
                // TWPluginKit and TWPluginTesting, from the twhost that generated this project.
                // Build with the same Swift toolchain as that twhost: a plugin shares its runtime.
                .package(name: "twhost", path: \(swiftStringLiteral(sdk.swiftPackage)))
            ],
            targets: [
                .target(name: "\(module)", dependencies: [.product(name: "TWPluginKit", package: "twhost")]),
                .testTarget(
                    name: "\(module)Tests", dependencies: [.product(name: "TWPluginTesting", package: "twhost")]),
            ]
        )

        """
    }

    var source: String {
        """
        import TWPluginKit

        /// The \(name) twhost plugin.
        ///
        /// - `\(name)-glow` (view): a soft white shadow whose opacity follows the class.
        /// - `\(name)-lift-[points]` (value, default 0): moves the view up, `offset(x:y:)`.
        let plugin = TWPlugin(
            name: "\(name)", version: "0.1.0",
            modifiers: [
                "\(name)-glow": .view { view, active in
                    // The same structure either way: only the shadow's opacity changes,
                    // and a clear shadow is neutral.
                    view.shadow(color: .white.opacity(active ? 0.8 : 0), radius: 8)
                },
                "\(name)-lift": .value(default: Points.zero) { view, amount in
                    // Absent, the class gets the default 0: .offset(x: 0, y: 0) is neutral.
                    view.offset(y: Points(-amount.value))
                },
            ]
        )

        @_cdecl("tw_plugin_entry")
        package func entry(
            _ hostMajor: UInt32, _ hostMinor: UInt32, _ host: UnsafePointer<tw_host_api>?,
            _ error: UnsafeMutablePointer<UnsafePointer<CChar>?>?
        ) -> UnsafePointer<tw_plugin_descriptor>? {
            plugin.entry(hostMajor: hostMajor, hostMinor: hostMinor, error: error)
        }

        """
    }

    var tests: String {
        """
        import Foundation
        import TWPluginTesting
        import Testing

        /// lib\(name).so as `swift test` builds it, run through twhost: $TWHOST when set
        /// (`make check` sets it), else the twhost that generated this project.
        let plugin = PluginUnderTest(name: "\(name)", twhost: \(swiftStringLiteral(sdk.twhost)))

        @Suite struct \(module)Tests {
            @Test func glowIsASoftWhiteShadow() throws {
                try plugin.expectChain(
                    "p-4 \(name)-glow",
                    [
                        ".padding(16)",
                        ".shadow(color: Color(red: 1, green: 1, blue: 1, opacity: 0.8), radius: 8, x: 0, y: 0)",
                        ".offset(x: 0, y: 0)  // inactive",
                    ])
            }

            @Test func liftMovesTheViewUpAndIsNeutralWhenAbsent() throws {
                try plugin.expectChain(
                    "\(name)-lift-[6]",
                    [
                        ".shadow(color: Color(red: 1, green: 1, blue: 1, opacity: 0), radius: 8, x: 0, y: 0)  // inactive",
                        ".offset(x: 0, y: -6)",
                    ])
            }

            @Test func passesPluginsCheck() throws {
                try plugin.check()
            }

            @Test func resolvesTheSampleScene() throws {
                let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                    .deletingLastPathComponent()
                try plugin.resolve(scene: package.appendingPathComponent("scene.json").path)
            }
        }

        """
    }

    var makefile: String {
        """
        # The \(name) twhost plugin, in Swift. `make check` builds lib\(name).so, runs
        # `twhost plugins check` on it, resolves scene.json with it and runs the tests.
        #
        # TWHOST is the twhost that generated this project; give another with
        # make check TWHOST=/path/to/twhost. SWIFT_FLAGS go to swift build and
        # swift test (e.g. --scratch-path DIR).
        TWHOST ?= \(makeWord(sdk.twhost))
        SWIFT ?= swift
        SWIFT_FLAGS ?=
        BIN = $(shell $(SWIFT) build $(SWIFT_FLAGS) --show-bin-path)

        build:
        \t$(SWIFT) build $(SWIFT_FLAGS)

        check: build
        \t$(TWHOST) plugins check '$(BIN)/lib\(name).so'
        \t$(TWHOST) resolve --plugin-path '$(BIN)' scene.json
        \tTWHOST=$(TWHOST) $(SWIFT) test $(SWIFT_FLAGS)

        clean:
        \trm -rf .build

        .PHONY: build check clean

        """
    }

    var readme: String {
        """
        # \(name)

        A twhost modifier plugin in Swift, generated by `twhost plugins new \(name) --lang swift`.

        | class | form | SwiftUI |
        |---|---|---|
        | `\(name)-glow` | view | `.shadow(color: Color(red: 1, green: 1, blue: 1, opacity: 0.8), radius: 8, x: 0, y: 0)`, clear when absent |
        | `\(name)-lift-[points]` | value, points, default 0 | `.offset(x: 0, y: -points)` |

        ```sh
        swift build     # builds lib\(name).so (in .build/debug)
        make check      # builds it, runs `twhost plugins check` on it, resolves scene.json, runs swift test
        ```

        The package depends on TWPluginKit (the registrations) and TWPluginTesting
        (the tests: `expectChain` runs classes through twhost and prints a diff of
        chain lines when they differ) from the twhost that generated it. Build it
        with the same Swift toolchain as that twhost: a Swift plugin shares the
        host's Swift runtime.

        Rename the registrations, change what the factories describe, and keep the
        rule that matters most: when its class is absent, a factory describes the
        same modifiers with neutral values. twhost's docs/PluginAuthoring.md has the
        whole path, and `Scripts/api-docs.sh` in twhost builds the kit's API reference.

        """
    }
}
