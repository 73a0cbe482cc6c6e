import ArgumentParser

/// The `webapp` command: serves the Scores demo app (`serve`, the default) or prints its
/// route table (`routes`), checks every state (`check`) or captures each in a contact sheet
/// (`contact-sheet`).
///
/// ```sh
/// webapp --host 127.0.0.1 --port 8080 --public Public
/// webapp routes
/// ```
@main
struct WebappCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "webapp",
        abstract: "Serves the WebRouter demo app.",
        subcommands: [ServeCommand.self, RoutesCommand.self, CheckCommand.self, ContactSheetCommand.self],
        defaultSubcommand: ServeCommand.self
    )
}
