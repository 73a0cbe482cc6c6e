import WebRouter
import WebRouterAccounts

extension Accounts {
    /// The signed-in username, whose notes a screen shows. The screens that call it are under
    /// `.requiresSignIn()`, so the framework has presented the sign-in before they run; a
    /// request that still has nobody is refused rather than shown anyone's notes.
    func owner(of request: RequestContext) throws -> String {
        guard let username = username(of: request) else { throw HTTPError(.forbidden, "Sign in to see your notes.") }
        return username
    }
}
