// libFuzzer's entry point for both config fuzzers, which are one binary so that AddressSanitizer's
// slow build of BuoyCore and BuoyConfig is done once (mk/fuzz.mk). BUOY_FUZZ_TARGET chooses:
// "parser" (ConfigFuzzer.swift) or "editor" (ConfigEditFuzzer.swift).

#if canImport(Glibc)
    import Glibc
#endif

/// Which fuzzer this run is, read once: libFuzzer calls the entry point millions of times.
private enum FuzzTarget {
    case parser, editor

    static let chosen: FuzzTarget = {
        switch getenv("BUOY_FUZZ_TARGET").map({ String(cString: $0) }) {
        case "parser": return .parser
        case "editor": return .editor
        case let other:
            fputs("fuzz: BUOY_FUZZ_TARGET must be parser or editor, not \(other ?? "unset")\n", stderr)
            exit(2)
        }
    }()
}

/// libFuzzer's entry point: one input to the chosen fuzzer.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    switch FuzzTarget.chosen {
    case .parser: return fuzzConfigParser(data, size)
    case .editor: return fuzzConfigEditor(data, size)
    }
}
