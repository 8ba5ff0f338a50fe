import Foundation

// stringcat-bench: timings of each phase on generated and real input (release build).
FileHandle.standardError.write(Data("usage: stringcat-bench SUBCOMMAND\n".utf8))
exit(2)
