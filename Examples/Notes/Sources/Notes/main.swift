import NotesApp
import WebRouter

// `Notes` serves the app on http://127.0.0.1:8080 (`--host`, `--port` or $PORT, `--public`,
// `--threads`, `--no-access-log`); `Notes routes` prints the route table; `Notes --help`.
// The framework's stylesheet, script and icon are compiled into WebRouter: no Public/ folder.
// WEBROUTER_SECRET (32+ characters) keeps sessions valid across restarts and instances.
// A tree the framework refuses prints what is wrong and exits with status 1.
await Application.runCommandLine { try NotesApp.make() }
