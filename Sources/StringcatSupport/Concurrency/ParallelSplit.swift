/// Whether a piece of work is shared out among the cores: by its size, as the product always
/// decides, or always or never whatever the size. The last two are for the tests that prove a
/// split gives the same result as one core on one input (they pass it as a parameter: no global
/// setting to move and put back).
package enum ParallelSplit: Sendable {
    /// Split from `threshold` on (below, sharing the work costs more than it saves).
    case bySize
    case always
    case never

    /// True when work of `size` is to be split, `threshold` being the size from which it pays.
    package func splits(_ size: Int, from threshold: Int) -> Bool {
        switch self {
        case .bySize: size >= threshold
        case .always: true
        case .never: false
        }
    }
}
