import BuoyConfig

/// `buoy config ...`: read or change one thing in the config file, as
/// scripts (sxmo) and the edit mode do, through `ConfigEdit`.
package enum ConfigCommand: Equatable, Sendable {
    /// `buoy config path`: the file buoy reads.
    case path
    /// `buoy config --help`: `usage`.
    case help
    case get(ConfigKey)
    case edit(ConfigEdit)

    /// The words after `buoy config`, as the parser, the usage and the
    /// completions spell them (CompletionsTests).
    package enum Verb: String, CaseIterable, Sendable {
        case get, set, unset, item, path

        /// What it does, as fish's completions describe it.
        package var summary: String {
            switch self {
            case .get: "Print a key's value, or its default"
            case .set: "Write a key's value, checked before it is written"
            case .unset: "Remove a key, so that its default applies"
            case .item: "Add, remove or move a menu item"
            case .path: "Print the file these commands change"
            }
        }
    }

    /// The keys the completions offer after `get`, `set` and `unset`: the
    /// schema's, less those that need a word of the user's (an item's
    /// number, a submenu's name) and `[[button]]`'s own tables, whose keys
    /// are written without `button.` and with `--button`.
    package static var completedKeys: [String] {
        Config.knownKeys.filter { key in
            let parts = key.split(separator: ".")
            return !parts.contains("item") && !parts.contains("NAME")
                && !(parts[0] == "button" && parts.count > 2)
        }
    }

    /// The words after `buoy config item`.
    package enum ItemVerb: String, CaseIterable, Sendable {
        case add, remove, move

        /// What it does, as fish's completions describe it.
        package var summary: String {
            switch self {
            case .add: "Add a menu item"
            case .remove: "Remove item N"
            case .move: "Move item N to be item M"
            }
        }
    }

    package static var usage: String {
        """
        Usage: buoy config [--config PATH] [--button NAME] get KEY
               buoy config [--config PATH] [--button NAME] set KEY VALUE
               buoy config [--config PATH] [--button NAME] set --toml KEY LITERAL
               buoy config [--config PATH] [--button NAME] unset KEY
               buoy config [--config PATH] item add (--label L --command C | [--label L]
                                                   (--action A | --keys K)) [--icon I] [--at N]
                                                   [--submenu NAME]
               buoy config [--config PATH] item remove N [--submenu NAME]
               buoy config [--config PATH] item move N M [--submenu NAME]
               buoy config path

        KEY is dotted, as button.color, actions.tap or menu.item.2.label (items
        count from 1). VALUE is read as the key's type: a number, true or false,
        or a string, with no TOML quotes. The file is edited in place, keeping
        every comment, and checked as --check does before it is written.
        """
    }

    /// Parses the words after `buoy config`: the command, and the
    /// `--config` path if one is given.
    package static func parse(_ arguments: [String]) -> Result<
        (ConfigCommand, configPath: String?), UsageError
    > {
        var options: [String: String] = [:]
        var flags: Set<String> = []
        var words: [String] = []
        var rest = arguments[...]
        if arguments.contains("--help") || arguments.contains("-h") { return .success((.help, nil)) }
        while let argument = rest.popFirst() {
            if argument == "--toml" {
                flags.insert(argument)
            } else if let name = valueOption(argument) {
                guard let value = rest.popFirst() else {
                    return .failure(UsageError("\(argument) needs a value"))
                }
                guard options.updateValue(value, forKey: name) == nil else {
                    return .failure(UsageError("\(argument) is given twice"))
                }
            } else if argument.hasPrefix("--config=") {
                options["--config"] = String(argument.dropFirst("--config=".count))
            } else if argument.count > 1, argument.hasPrefix("-"), Int(argument) == nil {
                return .failure(UsageError("unknown option \"\(argument)\"; see buoy config --help"))
            } else {
                words.append(argument)
            }
        }
        let configPath = options.removeValue(forKey: "--config")
        if configPath?.isEmpty == true { return .failure(UsageError("--config needs a path")) }
        return command(words, options, flags).map { ($0, configPath) }
    }

    /// The options that take a value, by any spelling, as their long name.
    private static func valueOption(_ argument: String) -> String? {
        switch argument {
        case "-c", "--config": "--config"
        case "--button", "--label", "--command", "--action", "--keys", "--icon", "--at", "--submenu": argument
        default: nil
        }
    }

    private static func command(_ words: [String], _ options: [String: String], _ flags: Set<String>)
        -> Result<ConfigCommand, UsageError>
    {
        guard let first = words.first else {
            return .failure(UsageError("buoy config needs a command\n\(usage)"))
        }
        guard let verb = Verb(rawValue: first) else {
            return .failure(UsageError("unknown config command \"\(first)\"; see buoy config --help"))
        }
        let button = options["--button"]
        let allowed: Set<String>
        let result: Result<ConfigCommand, UsageError>
        switch verb {
        case .path:
            allowed = []
            result =
                words.count == 1 ? .success(.path) : .failure(UsageError("buoy config path takes no words"))
        case .get, .unset:
            allowed = ["--button"]
            result = key(words, count: 2, button: button).map { verb == .get ? .get($0) : .edit(.unset($0)) }
        case .set:
            allowed = ["--button", "--toml"]
            result = key(words, count: 3, button: button).map { key in
                let text = words[2]
                return .edit(.set(key, flags.contains("--toml") ? .toml(text) : .text(text)))
            }
        case .item:
            allowed = [
                "--label", "--command", "--action", "--keys", "--icon", "--at", "--submenu", "--button",
            ]
            result = item(Array(words.dropFirst()), options)
        }
        let given = Set(options.keys).union(flags)
        if let extra = given.subtracting(allowed).sorted().first {
            return .failure(UsageError("buoy config \(first) does not take \(extra)"))
        }
        return result
    }

    private static func key(_ words: [String], count: Int, button: String?) -> Result<ConfigKey, UsageError> {
        guard words.count == count else {
            let shape = count == 2 ? "KEY" : "KEY VALUE"
            return .failure(UsageError("buoy config \(words[0]) takes \(shape)"))
        }
        guard let key = ConfigKey(words[1], button: button) else {
            return .failure(UsageError("\"\(words[1])\" is not a dotted key such as button.color"))
        }
        return .success(key)
    }

    private static func item(_ words: [String], _ options: [String: String]) -> Result<
        ConfigCommand, UsageError
    > {
        let list = ItemList(submenu: options["--submenu"], button: options["--button"])
        guard let verb = words.first.flatMap(ItemVerb.init(rawValue:)) else {
            return .failure(UsageError("buoy config item takes add, remove N or move N M"))
        }
        let numbers = words.dropFirst().compactMap { Int($0) }
        guard numbers.count == words.count - 1 else {
            return .failure(
                UsageError("buoy config item \(verb.rawValue) takes item numbers, counted from 1"))
        }
        switch (verb, numbers.count) {
        case (.remove, 1):
            return .success(.edit(.removeItem(numbers[0], in: list)))
        case (.move, 2):
            return .success(.edit(.moveItem(numbers[0], to: numbers[1], in: list)))
        case (.add, 0):
            break
        default:
            return .failure(UsageError("buoy config item takes add, remove N or move N M"))
        }
        let runs = [
            options["--command"].map(ConfigItem.Runs.command),
            options["--action"].map(ConfigItem.Runs.action),
            options["--keys"].map(ConfigItem.Runs.keys),
        ].compactMap { $0 }
        guard runs.count == 1 else {
            return .failure(
                UsageError("buoy config item add takes one of --command, --action, --keys"))
        }
        // An action or keys bring their label, as in the file (buoy(5), [[menu.item]]).
        let label = options["--label"]
        if label == nil, case .command = runs[0] {
            return .failure(UsageError("buoy config item add --command takes --label L too"))
        }
        var at: Int?
        if let text = options["--at"] {
            guard let number = Int(text) else { return .failure(UsageError("--at takes an item number")) }
            at = number
        }
        let item = ConfigItem(label: label, runs: runs[0], icon: options["--icon"])
        return .success(.edit(.addItem(item, in: list, at: at)))
    }
}
