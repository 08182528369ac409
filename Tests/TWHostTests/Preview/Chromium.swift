import Foundation

/// Headless Chromium (Debian's `chromium`), run as a subprocess: screenshots
/// at scale 1 (one CSS pixel, one SwiftUI point, one image pixel) and the DOM
/// after the page's script has run. Every run has a profile of its own and
/// logs the page's console to standard error, where `consoleLines` finds it.
enum Chromium {
    static let executable: String? = {
        for candidate in ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        where FileManager.default.isExecutableFile(atPath: candidate) {
            return candidate
        }
        return nil
    }()

    struct Missing: Error, CustomStringConvertible {
        var description: String { "headless Chromium is needed (Debian package chromium; .ci/run installs it)" }
    }

    static func run(_ arguments: [String], url: String) throws -> ProcessResult {
        guard let executable else { throw Missing() }
        let profile = TestPaths.temporaryDirectory("chromium-profile")
        return try runProcess(
            executable,
            [
                "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
                "--disable-background-networking", "--disable-sync", "--user-data-dir=\(profile)",
                "--enable-logging=stderr", "--v=0", "--force-device-scale-factor=1", "--hide-scrollbars",
            ] + arguments + [url])
    }

    /// A screenshot of `file` (with `fragment` after `#`) in a window of `width`×`height`.
    static func screenshot(_ file: String, fragment: String = "", width: Int, height: Int, to png: String) throws
        -> (image: PNGImage, run: ProcessResult)
    {
        let run = try run(
            ["--window-size=\(width),\(height)", "--screenshot=\(png)"],
            url: URL(fileURLWithPath: file).absoluteString + (fragment.isEmpty ? "" : "#" + fragment))
        return (try PNGImage(contentsOf: png), run)
    }

    /// The page's DOM once it has loaded.
    static func dumpDOM(_ file: String) throws -> ProcessResult {
        try run(["--dump-dom"], url: URL(fileURLWithPath: file).absoluteString)
    }

    /// What the page wrote to its console (messages, uncaught errors, blocked loads).
    static func consoleLines(_ run: ProcessResult) -> [String] {
        run.stderr.split(separator: "\n").filter { $0.contains(":CONSOLE") }.map(String.init)
    }
}

/// Regions of an image: connected pixels that pass a test, by bounding box.
struct Region: CustomStringConvertible {
    var minX: Int, minY: Int, maxX: Int, maxY: Int
    var count: Int
    var width: Int { maxX - minX + 1 }
    var height: Int { maxY - minY + 1 }
    var description: String { "\(width)×\(height) at (\(minX), \(minY))" }

    /// Every 4-connected region of pixels for which `matches` holds, in reading order of their top-left corners.
    static func find(in image: PNGImage, minimumSize: Int, _ matches: (PNGImage.Pixel) -> Bool) -> [Region] {
        var seen = [Bool](repeating: false, count: image.width * image.height)
        var out: [Region] = []
        for y in 0..<image.height {
            for x in 0..<image.width where !seen[y * image.width + x] {
                seen[y * image.width + x] = true
                guard matches(image[x, y]) else { continue }
                var region = Region(minX: x, minY: y, maxX: x, maxY: y, count: 0)
                var stack = [(x, y)]
                while let (px, py) = stack.popLast() {
                    region.count += 1
                    region.minX = min(region.minX, px)
                    region.maxX = max(region.maxX, px)
                    region.minY = min(region.minY, py)
                    region.maxY = max(region.maxY, py)
                    for (nx, ny) in [(px + 1, py), (px - 1, py), (px, py + 1), (px, py - 1)]
                    where nx >= 0 && ny >= 0 && nx < image.width && ny < image.height {
                        let i = ny * image.width + nx
                        guard !seen[i] else { continue }
                        seen[i] = true
                        if matches(image[nx, ny]) { stack.append((nx, ny)) }
                    }
                }
                if region.width >= minimumSize && region.height >= minimumSize { out.append(region) }
            }
        }
        return out.sorted { ($0.minY, $0.minX) < ($1.minY, $1.minX) }
    }
}
