/// A number's decimal digits as ASCII bytes, by hand: integer printing
/// (`String(n)`, `"\(n)"`) would page in the standard library's code for it,
/// 64 KiB of buoy's, where only a bus's handshake or an object's path needs it.
public enum ASCIIDecimal {
    /// The digits of `n`, most significant first.
    public static func digits(of n: UInt) -> [UInt8] {
        var digits: [UInt8] = []
        var rest = n
        repeat {
            digits.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        } while rest > 0
        return digits.reversed()
    }
}
