import TravelApp
import WebRouter

// `Travel` serves the app on http://127.0.0.1:8080; `Travel --help` lists the options.
let app = try TravelApp.make()
await app.runCommandLine()
