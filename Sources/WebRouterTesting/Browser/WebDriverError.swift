import WebRouterHTML
/// A failed WebDriver exchange: the command that failed, and the `error` code and `message`
/// chromedriver answered with (or what went wrong before there was an answer).
///
/// ```
/// POST /session/…/element failed: no such element: Unable to locate element: {"method":"xpath","selector":"//nav"}
/// ```
package struct WebDriverError: Error, CustomStringConvertible, Sendable {
    /// The command, as method and path (`POST /session/1f2e…/element`); `start` for session start-up.
    package var command: String
    /// WebDriver's error code (`no such element`, `javascript error`, `timeout`, …); for failures
    /// of this client rather than of the browser, one of its own: `chromedriver unavailable`,
    /// `chromedriver failed`, `transport error`, `invalid response`, `navigation timeout`.
    package var code: String
    /// The message (chromedriver's, without its stack trace), or what this client saw.
    package var message: String
    /// The HTTP status of the answer (`0` when there was none).
    package var status: Int
    /// The tail of chromedriver's log, when it says why the browser could not start.
    package var logTail: String?

    /// Makes an error.
    package init(command: String, code: String, message: String, status: Int = 0, logTail: String? = nil) {
        self.command = command
        self.code = code
        self.message = message
        self.status = status
        self.logTail = logTail
    }

    /// `POST /session/…/url failed (unknown error): net::ERR_CONNECTION_REFUSED`, then the log tail if any.
    package var description: String {
        var text = "WebDriver \(command) failed"
        if status != 0 { text += " with HTTP \(status)" }
        text += " (\(code))"
        // chromedriver repeats the code at the head of the message: "no such element: Unable to …".
        let shown = message.hasPrefix(code + ": ") ? String(message.dropFirst(code.count + 2)) : message
        text += ": " + shown
        if let logTail, !logTail.isEmpty {
            text += "\n--- chromedriver log (tail) ---\n" + logTail
        }
        return text
    }
}
