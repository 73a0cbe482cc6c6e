import WebRouter

extension ScoresApp {
    /// The Messages tab (`/messages`): the inbox, newest first, each message opening in place;
    /// Settings opens in a sheet (`/messages/~settings`).
    ///
    /// ```swift
    /// Messages(data: data, settings: Present(Settings(…).navigation()))
    /// ```
    struct Messages: ContentScreen {
        let title = "Messages"
        let tabIcon: String? = "✉️"
        let data: DemoData
        var settings: Present<Messages, Navigation<Settings>>

        @HTMLBuilder
        func body(_ context: Void, router: Router<Messages>) -> some HTML {
            h1 {
                "Inbox "
                if data.sample.unreadCount > 0 { span(.class("badge")) { "\(data.sample.unreadCount) unread" } }
            }
            p { a(.href(router.link(\.settings)), .class("button")) { "⚙️ Settings" } }
            ul(.class("list")) {
                for message in data.sample.inbox {
                    li(.class("list-item")) {
                        details {
                            summary {
                                if message.isRead { strong(.class("muted")) { message.from } } else { strong { message.from } }
                                if !message.isRead { " "; span(.class("badge")) { "New" } }
                                br()
                                span { message.subject }
                                br()
                                small(.class("muted")) { message.sent.day.formatted + " " + message.sent.time }
                            }
                            p { message.body }
                        }
                    }
                }
            }
        }
    }
}
