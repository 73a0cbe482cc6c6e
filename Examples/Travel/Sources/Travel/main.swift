import TravelApp
import WebRouter

// `Travel` serves the app on http://127.0.0.1:8080; `Travel --help` lists the options.
// A tree the framework refuses prints what is wrong and exits with status 1.
await Application.runCommandLine { try TravelApp.make() }
