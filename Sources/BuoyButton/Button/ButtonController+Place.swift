import BuoyConfig
import BuoyCore

/// Where the button rests, and who chose it: the user (a drop, `buoy msg
/// move`), which the state file keeps, or buoy (the config, the focus),
/// which it does not. The one owner of `rest`, `restOutput`, `chosenOver`
/// and the places by output; the shell carries out `save` and `moved`.
extension ButtonController {
    /// The inputs that move where it rests, or say where its surface is.
    mutating func place(_ input: ButtonInput) -> [ButtonEffect] {
        switch input {
        case .output(let name):
            output = name
            // A place chosen before the surface had entered an output rests on the first it enters.
            if chosenOver != nil, restOutput == nil { restOutput = name }
            return []
        case .moveToPoint(let topLeft, let now):
            guard let usable else { return [] }
            let size = settings.size
            let center = Point(x: topLeft.x + size / 2, y: topLeft.y + size / 2)
            let free = Snapping.rest(forCenter: center, mode: .none, size: size, margin: 0, in: usable)
            return place(.moveTo(free, at: now))
        case .moveTo(let position, let now):
            guard settle(at: position, now: now) else { return [] }
            return choose()
        case .moveToOutput(let name, _):
            restOutput = name
            chosenOver = settings.position
            return [.relocate, .save]
        case .followFocus(let from, let to, let now):
            fade.wake(at: now)
            untuck()
            placesByOutput[from] = rest
            restOutput = to
            rest = placesByOutput[to] ?? rest
            return [.relocate, .moved]
        case .followConfig(let now):
            chosenOver = nil
            _ = settle(at: RestPosition(placement: settings.position), now: now)
            return [.moved]
        case .settleAmongNeighbours(let now):
            _ = settle(at: rest, now: now)
            return []
        default:
            return []
        }
    }

    /// Rests at `position`, or the nearest free place, gliding there; false
    /// (and nothing moves) while dragged, where the drop decides.
    mutating func settle(at position: RestPosition, now: Double) -> Bool {
        guard refusalToMove == nil else { return false }
        fade.wake(at: now)
        untuck()
        rest = resolved(position)
        glideToRest(at: now, animated: true)
        return true
    }

    /// The user chose where it rests now, on the output it is on: the state
    /// file keeps it, over the config's `position` of now.
    mutating func choose() -> [ButtonEffect] {
        chosenOver = settings.position
        restOutput = output ?? restOutput
        return [.save]
    }

    /// What the state file keeps of the instance `key`: its place while the
    /// user's choice wins; nil while it rests where the config says.
    public func savedPlace(of key: InstanceKey) -> SavedPlaces.Place? {
        chosenOver.map {
            SavedPlaces.Place(
                button: key.name, instanceOutput: key.instanceOutput, output: restOutput, overrode: $0,
                rest: rest)
        }
    }
}
