import BuoyCore

/// How one key of a table is read into a section of `Config`.
struct Field<Section> {
    enum Shape {
        case value
        case table
        case tableArray
    }

    let key: String
    let shape: Shape
    /// Dotted keys under this one that the schema accepts ("size", "item.label").
    let keys: [SchemaKey]
    /// The numbers this key holds in a section, by dotted key: what the
    /// fuzzer holds to each key's `NumberRule`.
    let numbers: (Section) -> [(key: String, value: Double)]
    let read: (inout Section, TOMLEntry, inout SchemaReader) -> Void

    var knownKeys: [String] { keys.map(\.path) }

    init(
        key: String, shape: Shape = .value, keys: [SchemaKey]? = nil,
        numbers: @escaping (Section) -> [(key: String, value: Double)] = { _ in [] },
        read: @escaping (inout Section, TOMLEntry, inout SchemaReader) -> Void
    ) {
        self.key = key
        self.shape = shape
        self.keys = keys ?? [SchemaKey(path: key)]
        self.numbers = numbers
        self.read = read
    }

    /// A number key: `rule` checks what is written, `set` keeps it, and
    /// `value` reads it back (nil when the section does not use it).
    init(
        key: String, _ rule: NumberRule, value: @escaping (Section) -> Double?,
        set: @escaping (inout Section, Double, TOMLEntry) -> Void
    ) {
        self.init(
            key: key, keys: [SchemaKey(path: key, number: rule)],
            numbers: { section in value(section).map { [(key, $0)] } ?? [] },
            read: { section, entry, reader in
                if let number = reader.number(entry, rule) { set(&section, number, entry) }
            })
    }

    static func boolean(_ key: String, _ path: WritableKeyPath<Section, Bool>) -> Field {
        Field(key: key) { section, entry, reader in
            if let value = reader.boolean(entry) { section[keyPath: path] = value }
        }
    }

    /// A non-empty string.
    static func string(_ key: String, _ path: WritableKeyPath<Section, String?>) -> Field {
        Field(key: key) { section, entry, reader in
            if let value = reader.nonEmptyString(entry) { section[keyPath: path] = value }
        }
    }

    static func choice<Value>(
        _ key: String, _ path: WritableKeyPath<Section, Value>, _ options: [(name: String, value: Value)]
    ) -> Field {
        Field(key: key) { section, entry, reader in
            if let value = reader.choice(entry, options) { section[keyPath: path] = value }
        }
    }

    static func color(_ key: String, _ path: WritableKeyPath<Section, Color>) -> Field {
        Field(key: key) { section, entry, reader in
            if let value = reader.color(entry) { section[keyPath: path] = value }
        }
    }

    /// A gesture's action; `false` is none, over a table it overrides
    /// (a `[button.actions]` key over `[actions]`'s).
    static func action(_ key: String, _ path: WritableKeyPath<Section, Action?>) -> Field {
        Field(key: key) { section, entry, reader in
            if case .boolean(false) = entry.node.value {
                section[keyPath: path] = nil
            } else if let value = reader.action(entry) {
                section[keyPath: path] = value
            }
        }
    }

    /// A `[table]` read with its own fields.
    static func table<Value>(_ key: String, _ path: WritableKeyPath<Section, Value>, _ fields: [Field<Value>])
        -> Field
    {
        Field(
            key: key, shape: .table, keys: dottedKeys(under: key, fields),
            numbers: { section in dottedNumbers(under: key, fields, section[keyPath: path]) },
            read: { section, entry, reader in
                guard case .table(let table) = entry.node.value else {
                    reader.typeError(entry, expected: "a table")
                    return
                }
                let scope = "in [\(tableName(reader.document.path(of: table)))]"
                reader.readFields(of: table, fields, into: &section[keyPath: path], scope: scope)
            })
    }
}

/// "snap.to" for the "to" of a table "snap".
func dottedKeys<Section>(under key: String, _ fields: [Field<Section>]) -> [SchemaKey] {
    fields.flatMap { $0.keys.map { SchemaKey(path: key + "." + $0.path, number: $0.number) } }
}

/// The numbers of a table's fields in `section`, by dotted key.
func dottedNumbers<Section>(under key: String, _ fields: [Field<Section>], _ section: Section)
    -> [(key: String, value: Double)]
{
    fields.flatMap { $0.numbers(section).map { (key + "." + $0.key, $0.value) } }
}

/// A section whose defaults number keys take theirs from: each default is
/// written once, in the section's initialiser in Config.swift.
protocol SchemaSection {
    static var defaults: Self { get }
}

extension Snap: SchemaSection { static var defaults: Snap { Snap() } }
extension Gestures: SchemaSection { static var defaults: Gestures { Gestures() } }
extension Actions: SchemaSection { static var defaults: Actions { Actions() } }
extension Menu: SchemaSection { static var defaults: Menu { Menu() } }

extension Field where Section: SchemaSection {
    /// A number (an integer or a float) within `range`, in `unit` ("seconds")
    /// if it has one.
    static func number(
        _ key: String, _ path: WritableKeyPath<Section, Double>, _ range: ClosedRange<Double>,
        _ unit: Unit? = nil, offOrAtLeast: Double? = nil
    ) -> Field {
        let rule = NumberRule(
            defaultValue: Section.defaults[keyPath: path], range: range, unit: unit,
            offOrAtLeast: offOrAtLeast)
        return Field(
            key: key, rule, value: { $0[keyPath: path] },
            set: { section, value, _ in section[keyPath: path] = value })
    }

    static func integer(_ key: String, _ path: WritableKeyPath<Section, Int>, _ range: ClosedRange<Int>)
        -> Field
    {
        let rule = NumberRule(
            defaultValue: Double(Section.defaults[keyPath: path]),
            range: Double(range.lowerBound)...Double(range.upperBound), isInteger: true)
        return Field(
            key: key, rule, value: { Double($0[keyPath: path]) },
            set: { section, value, _ in section[keyPath: path] = Int(value) })
    }
}

/// One dotted key the schema accepts, with its rule when it takes a number.
struct SchemaKey: Equatable {
    var path: String
    var number: NumberRule?
}

/// A number key's default, range and unit, stated once: the parser checks
/// values against it, and the fuzzer and the tests that hold buoy(5) and
/// examples/config.toml to the schema read it.
struct NumberRule: Equatable {
    var defaultValue: Double
    var range: ClosedRange<Double>
    var unit: Unit?
    /// Only an integer will do (`max_running`).
    var isInteger = false
    /// 0 turns it off, and any other value is at least this (`dwell`: a
    /// rest shorter than 0.3 s would tap whatever the pointer crosses).
    var offOrAtLeast: Double?
}

/// What a number is measured in, as range errors name it.
enum Unit: String {
    case seconds
    case pixels = "logical pixels"
}
