import BuoyCore

/// One thing edit mode's picker offers to add to the menu, as the menu
/// item `item add` would write.
public struct PickerEntry: Equatable, Sendable {
    public var label: String
    /// A theme icon name or a path; nil for none (the item shows its label's first letter).
    public var icon: String?
    public var runs: ConfigItem.Runs
    /// False for a built-in action none of whose tools is here: the picker
    /// marks it (issue 43), and still offers it, for a tool installed later.
    public var installed: Bool

    public init(label: String, icon: String?, runs: ConfigItem.Runs, installed: Bool = true) {
        self.label = label
        self.icon = icon
        self.runs = runs
        self.installed = installed
    }

    /// The menu item that adding this entry writes.
    public var item: ConfigItem { ConfigItem(label: label, runs: runs, icon: icon) }
}

/// A heading of the picker and what is under it.
public struct PickerGroup: Equatable, Sendable {
    public var title: String
    public var entries: [PickerEntry]

    public init(title: String, entries: [PickerEntry]) {
        self.title = title
        self.entries = entries
    }
}

/// What the picker offers: the built-in actions and keys under their
/// groups (`ActionGroup`, in its order, each in its table's order), the
/// click types, then the installed applications.
public enum PickerCatalog {
    /// The applications' heading.
    public static let applicationsTitle = "Applications"

    /// The groups, with `applications` (as `ApplicationList.entries` gives
    /// them) last; a group with nothing in it is left out. `installed` says
    /// whether a built-in action has a tool here.
    public static func groups(
        applications: [DesktopEntry], installed: (BuiltInAction) -> Bool = { _ in true }
    ) -> [PickerGroup] {
        let builtIn = ActionGroup.allCases.map { group in
            PickerGroup(title: group.title, entries: entries(in: group, installed: installed))
        }
        let installed = PickerGroup(
            title: applicationsTitle,
            entries: applications.map {
                PickerEntry(label: $0.name, icon: $0.icon, runs: .command($0.command))
            })
        return (builtIn + [installed]).filter { !$0.entries.isEmpty }
    }

    /// The built-in actions, keys and click types of `group`, with the
    /// label and icon their tables give.
    public static func entries(in group: ActionGroup, installed: (BuiltInAction) -> Bool = { _ in true })
        -> [PickerEntry]
    {
        let actions = BuiltInAction.all.filter { $0.group == group }.map {
            PickerEntry(label: $0.label, icon: $0.icon, runs: .action($0.name), installed: installed($0))
        }
        let keys = BuiltInKeys.all.filter { $0.group == group }.map {
            PickerEntry(label: $0.label, icon: $0.icon, runs: .keys($0.name))
        }
        let clicks =
            group == .clickTypes
            ? ClickType.allCases.map {
                PickerEntry(label: $0.label, icon: $0.glyph.iconName, runs: .action($0.actionName))
            } + [
                PickerEntry(
                    label: PointerAction.label, icon: PointerAction.icon, runs: .action(PointerAction.name))
            ]
            : []
        return actions + keys + clicks
    }
}
