import ArgumentParser

/// The `webapp` command: serves the demo app (`serve`, the default subcommand).
///
/// ```sh
/// webapp --host 127.0.0.1 --port 8080 --public Public
/// ```
@main
struct WebappCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "webapp",
        abstract: "Serves the WebRouter demo app.",
        subcommands: [ServeCommand.self],
        defaultSubcommand: ServeCommand.self
    )
}
