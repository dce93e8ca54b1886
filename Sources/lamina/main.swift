import QuartzCore

// The lamina command-line tool. The full CLI (list, render, view, bench) arrives with the
// scenes; until then it reports its version and what it can do.
let arguments = CommandLine.arguments.dropFirst()
switch arguments.first {
case "--version", "version":
    print("lamina 0.1.0")
default:
    print("lamina 0.1.0 — Core Animation for Linux. Scenes and rendering arrive with the compositor.")
}
