import Foundation
import NotesApp
import WebRouter

// Serves the app on http://127.0.0.1:8080 ($PORT changes the port; 0 lets the OS pick).
// The framework's stylesheet, script and icon are compiled into WebRouter: no Public/ folder.
let app = try NotesApp.make()
let port = Int(ProcessInfo.processInfo.environment["PORT"] ?? "") ?? 8080
try await app.serve(ServerConfiguration(host: "127.0.0.1", port: port))
