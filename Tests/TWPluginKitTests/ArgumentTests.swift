import Testing

@testable import TWPluginKit

@Suite("TWArgument reads the host's literal grammars")
struct ArgumentTests {
    func argument(_ text: String) -> TWArgument { TWArgument(rawValue: text) }

    @Test("units, components and hex colors")
    func helpers() {
        #expect(argument("12px").points == 12)
        #expect(argument("12pt").points == 12)
        #expect(argument("12em").points == nil)
        #expect(argument("0.25turn").degrees == 90)
        #expect(argument("-8deg").degrees == -8)
        #expect(argument("200ms").seconds == 0.2)
        #expect(argument("+4").number == nil)
        #expect(argument("4.").number == nil)
        #expect(argument("inf").number == nil)
        #expect(argument("0, 1 ,0").components == [0, 1, 0])
        #expect(argument("1,,2").components == nil)
        #expect(argument("1 2,3").components == nil)
        #expect(argument("#ff8000").hexColor == Color(red: 1, green: 128.0 / 255, blue: 0))
        #expect(argument("#f80").hexColor == Color(red: 1, green: 136.0 / 255, blue: 0))
        #expect(argument("#ff800080").hexColor == Color(red: 1, green: 128.0 / 255, blue: 0, opacity: 128.0 / 255))
        #expect(argument("#f808").hexColor == Color(red: 1, green: 136.0 / 255, blue: 0, opacity: 136.0 / 255))
        #expect(argument("#ff80").hexColor == Color(red: 1, green: 1, blue: 136.0 / 255, opacity: 0))
        #expect(argument("#ff800").hexColor == nil)
        #expect(argument("ff8000").hexColor == nil)
        #expect(argument("#gg8000").hexColor == nil)
    }

    @Test("value(as:) reads every kit type the way the host decodes its literal")
    func valueAs() {
        #expect(argument("1e3").value(as: Double.self) == 1000)
        #expect(argument("8px").value(as: Points.self) == Points(8))
        #expect(argument("0.5rad").value(as: Angle.self)?.degrees == 0.5 * 180 / Double.pi)
        #expect(argument("250ms").value(as: Seconds.self) == Seconds(0.25))
        #expect(argument("-1s").value(as: Seconds.self) == nil)
        #expect(argument("true").value(as: Bool.self) == true)
        #expect(argument("yes").value(as: Bool.self) == nil)
        #expect(argument("a b").value(as: String.self) == "a b")
        #expect(argument("#000").value(as: Color.self) == .black)
        #expect(argument("0,1,0").value(as: TWVector.self) == TWVector(x: 0, y: 1, z: 0))
        #expect(argument("0,1").value(as: TWVector.self) == nil)
        #expect(argument("easeInOut").value(as: TWAnimationValue.self) == .easeInOut)
        #expect(argument("ease").value(as: TWAnimationValue.self) == nil)
    }

    @Test("defaults are written as literals the same types read back")
    func defaultsRoundTrip() {
        #expect(Double(argument: argument(0.1.defaultText)) == 0.1)
        #expect(Double(argument: argument(1e-7.defaultText)) == 1e-7)
        #expect(Points(argument: argument(Points(12.5).defaultText)) == Points(12.5))
        #expect(Angle(argument: argument(Angle.degrees(-30).defaultText)) == .degrees(-30))
        #expect(Seconds(argument: argument(Seconds(0.25).defaultText)) == Seconds(0.25))
        #expect(Bool(argument: argument(true.defaultText)) == true)
        #expect(
            TWVector(argument: argument(TWVector(x: 1, y: -2, z: 0.5).defaultText)) == TWVector(x: 1, y: -2, z: 0.5))
        #expect(Color(argument: argument(Color.white.defaultText)) == .white)
        #expect(TWAnimationValue(argument: argument(TWAnimationValue.bouncy.defaultText)) == .bouncy)
    }

    @Test("angles keep the unit they were made in")
    func angles() {
        #expect(Angle.radians(0.5).radians == 0.5)
        #expect(Angle.degrees(180).radians == Double.pi)
        #expect(Angle.radians(Double.pi).degrees == 180)
    }
}
