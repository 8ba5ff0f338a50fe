import Foundation

// The tool is thin: parse arguments, call one library function, print. See Subcommands.swift.
StandardStream.ignoreBrokenPipes()
exit(StandardStream.finalStatus(StringcatTool.run(Array(CommandLine.arguments.dropFirst()), console: Console())))
