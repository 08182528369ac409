import Testing

@testable import TWSupport

@Suite("Byte writer")
struct ByteWriterTests {
    @Test("an integer is written digit by digit exactly as the JSON number writer writes it")
    func integers() {
        var values = [
            0, 1, 9, 10, 99, 100, 12_345, Int(Int32.max), 999_999_999_999_999, 1_000_000_000_000_000, -1, -42,
        ]
        values += [Int.max, Int.min]
        for value in values {
            let digits = ByteWriter()
            digits.appendInteger(value)
            let number = ByteWriter()
            number.appendNumber(Double(value))
            #expect(digits.string == number.string, "\(value)")
        }
        let w = ByteWriter()
        w.appendInteger(18)
        w.appendInteger(7)
        #expect(w.string == "187")
    }
}
