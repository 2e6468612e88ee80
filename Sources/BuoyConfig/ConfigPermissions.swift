/// Whether buoy may run the commands in a config file, from who owns it and
/// who may write to it: the way sshd's StrictModes treats authorized_keys.
/// A config runs shell commands, so one that someone else could have written
/// is refused. root may own it (a system-wide file under `$XDG_CONFIG_DIRS`):
/// root could change anything anyway. A file its group may write is
/// accepted only when that group is the user's private group, as Debian's
/// OpenSSH does (its user-group-modes patch): where the umask is 002, every
/// file a user saves is group-writable, and only they are in that group.
public enum ConfigPermissions {
    /// The text of /etc/passwd and /etc/group, read only for a file its
    /// group may write.
    public struct Accounts: Sendable {
        public var passwd: String
        public var group: String

        public init(passwd: String, group: String) {
            self.passwd = passwd
            self.group = group
        }
    }

    /// Why buoy, running as `uid`, must not run the commands in the file at
    /// `path`, or nil when it may; `owner`, `group`, `mode` (the
    /// permission bits) and `fileType` (`st_mode & S_IFMT`) are what stat(2)
    /// says of it. `accounts` is asked only for a group-writable file; nil
    /// (unreadable) refuses it.
    public static func problem(
        path: String, owner: UInt32, group: UInt32, mode: UInt32, fileType: UInt32, uid: UInt32,
        accounts: () -> Accounts?
    ) -> String? {
        if owner != uid && owner != 0 {
            return "\(path): refusing to use a config owned by uid \(owner), not by you (uid \(uid)) "
                + "or root: it runs shell commands as you; chown it to yourself"
        }
        let groupWrites = mode & 0o020 != 0
        let othersWrite = mode & 0o002 != 0
        if !othersWrite, groupWrites, let accounts = accounts(), isPrivateGroup(group, of: uid, accounts) {
            return nil
        }
        guard groupWrites || othersWrite else { return nil }
        let who = !othersWrite ? "its group" : !groupWrites ? "others" : "group and others"
        let mode = String(mode, radix: 8)
        let refusal =
            "\(path): refusing to use a config writable by \(who) (mode \(mode)): it runs shell commands as you"
        // chmod through a link to /dev/null would change the device's mode.
        if let other = otherThanFile(fileType) {
            return refusal + ", and it is \(other), not a file; give a file"
        }
        return refusal + "; fix it with: chmod go-w \(path)"
    }

    /// What a `st_mode & S_IFMT` other than a regular file's names.
    private static func otherThanFile(_ fileType: UInt32) -> String? {
        switch fileType {
        case 0o100000: nil
        case 0o020000: "a character device"
        case 0o060000: "a block device"
        case 0o010000: "a FIFO"
        case 0o140000: "a socket"
        default: "not a regular file"
        }
    }

    /// Whether group `gid` has the name of user `uid`, and that user as its
    /// one member: listed in /etc/group or with it as their primary group
    /// in /etc/passwd. A group of no member at all is a setgid program's,
    /// as Debian's patch says.
    static func isPrivateGroup(_ gid: UInt32, of uid: UInt32, _ accounts: Accounts) -> Bool {
        let users = records(accounts.passwd)
        guard let user = users.first(where: { $0.count >= 4 && $0[2] == String(uid) })?[0],
            let group = records(accounts.group).first(where: { $0.count >= 4 && $0[2] == String(gid) })
        else { return false }
        let listed = group[3].split(separator: ",").map(String.init)
        let primary = users.filter { $0.count >= 4 && $0[3] == String(gid) }.map { $0[0] }
        let members = listed + primary
        return group[0] == user && !members.isEmpty && members.allSatisfy { $0 == user }
    }

    /// The colon-separated fields of each line that has any.
    private static func records(_ text: String) -> [[String]] {
        text.split(separator: "\n").map {
            $0.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        }
    }
}
