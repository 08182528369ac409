import Foundation
import TWLanguageServer
import Testing

@testable import TWHost

/// `twhost lsp` in a real editor: Neovim's built-in LSP client, run headless
/// (Debian's `neovim`, which `.ci/run` installs). The test fails when nvim is
/// missing: a real-editor test is never skipped.
@Suite("twhost lsp in Neovim", .removesTemporaryDirectories)
struct NeovimTests {
    static let nvim: String? = ["/usr/bin/nvim", "/usr/local/bin/nvim"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// A Lua string literal.
    static func lua(_ s: String) -> String {
        "\"" + s.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"").replacing("\n", with: "\\n") + "\""
    }

    @Test(
        "Neovim opens a file: a diagnostic at the class's range, completion of p- and of a registration, hover with the chain"
    )
    func neovim() throws {
        let nvim = try #require(Self.nvim, "nvim is not installed: .ci/run installs Debian's neovim")
        let root = TestPaths.temporaryDirectory("nvim")
        let file = root + "/Card.swift"
        try """
        import SwiftUI

        struct CardView: View {
            var body: some View {
                VStack {
                    Text("héllo").tw("p-[16] roundd-lg")
                    Text("b").tw("p- tilt-[8deg] ")
                    Text("c").tw("tilt-[8deg]")
                }
            }
        }

        """.write(toFile: file, atomically: true, encoding: .utf8)
        let output = root + "/result.json"
        let script = root + "/test.lua"
        try """
        local out = {}
        local ok, err = pcall(function()
          local bufnr = vim.api.nvim_get_current_buf()
          vim.bo[bufnr].filetype = 'swift'
          local id = vim.lsp.start_client({
            name = 'twhost', cmd = { \(Self.lua(TestPaths.twhost)), 'lsp' }, root_dir = \(Self.lua(root)),
            init_options = { plugins = { 'material', 'motion' }, pluginPaths = { \(Self.lua(TestPaths.binDirectory)) } },
          })
          vim.lsp.buf_attach_client(bufnr, id)
          vim.wait(120000, function() return #vim.diagnostic.get(bufnr) > 0 end, 20)
          out.diagnostics = {}
          for _, d in ipairs(vim.diagnostic.get(bufnr)) do
            table.insert(out.diagnostics, { lnum = d.lnum, col = d.col, end_lnum = d.end_lnum, end_col = d.end_col,
              code = d.code, message = d.message, source = d.source })
          end
          local uri = vim.uri_from_bufnr(bufnr)
          local function labels(line, character)
            local r = vim.lsp.buf_request_sync(bufnr, 'textDocument/completion',
              { textDocument = { uri = uri }, position = { line = line, character = character } }, 120000)
            local list = {}
            for _, res in pairs(r or {}) do
              local items = res.result and (res.result.items or res.result) or {}
              for _, item in ipairs(items) do table.insert(list, item.label) end
            end
            return list
          end
          out.afterP = labels(6, 28)
          out.atStart = labels(6, 26)
          local h = vim.lsp.buf_request_sync(bufnr, 'textDocument/hover',
            { textDocument = { uri = uri }, position = { line = 7, character = 29 } }, 120000)
          for _, res in pairs(h or {}) do
            if res.result then out.hover = res.result.contents.value end
          end
          vim.lsp.stop_client(id)
          vim.wait(120000, function() return vim.lsp.get_client_by_id(id) == nil end, 20)
        end)
        out.ok = ok
        out.error = err and tostring(err) or ''
        local f = io.open(\(Self.lua(output)), 'w')
        f:write(vim.fn.json_encode(out))
        f:close()
        vim.cmd('qa!')
        """.write(toFile: script, atomically: true, encoding: .utf8)
        let run = try runProcess(
            nvim, ["--headless", "-u", "NONE", "-i", "NONE", "-n", file, "-c", "luafile " + script],
            environment: ["HOME": root, "XDG_STATE_HOME": root, "XDG_CACHE_HOME": root], directory: root)
        #expect(run.status == 0, "\(run.stderr)")
        let result = try JSONParser.parse(Array(try String(contentsOfFile: output, encoding: .utf8).utf8))
        #expect(result["ok"]?.bool == true, "\(result["error"]?.string ?? "")")
        // Neovim turns the UTF-16 range into byte columns: 'é' is two bytes.
        let diagnostics = try #require(result["diagnostics"]?.array)
        let fields = diagnostics.map { d in
            ["lnum", "col", "end_lnum", "end_col", "code", "source", "message"].map { k in
                d[k].map { $0.string ?? $0.int.map(String.init) ?? "?" } ?? "-"
            }.joined(separator: " ")
        }
        #expect(
            fields == [
                "5 38 5 47 unknown-class twhost unknown class 'roundd-lg' — did you mean 'rounded-lg'?",
                "6 26 6 28 unknown-class twhost unknown class 'p-' — did you mean 'p-0'?",
            ])
        let afterP = result["afterP"]?.array?.compactMap(\.string) ?? []
        #expect(afterP == ["p-0", "p-1", "p-10", "p-12", "p-16", "p-2", "p-3", "p-4", "p-5", "p-6", "p-8"])
        let atStart = result["atStart"]?.array?.compactMap(\.string) ?? []
        #expect(atStart.contains("p-4"))
        #expect(atStart.contains("tilt-[…]"))
        #expect(atStart.contains("hover:"))
        #expect(
            result["hover"]?.string
                == "**`tilt-[8deg]`** — registration tilt (plugin motion, value form) = 8deg\n\nsets:\n- `conflict key orientation`: wins\n\nchain entries:\n```swift\n.rotation3DEffect(.degrees(8), axis: (x: 0, y: 1, z: 0))  // effects · tilt (motion) · active\n```"
        )
    }
}
