import Dispatch
import Synchronization
import Testing
import WebRouter
import WebRouterTesting
@testable import webapp
import WebRouterAccounts

/// Issue 33's attacks on accounts, against the demo in process: a sign-in flood (429s appear,
/// the hashing pool never runs more than its share, the right password works once the delay
/// has passed on a clock the test moves), an unknown username costing a hash like a wrong
/// password, and a session cookie replayed after sign-out and after a password change landing
/// on the signed-out window case. Outcomes only, never timings.
@Suite("Attacks: sign-in flood and sessions that end")
struct AccountAttackTests {
    /// A clock the test moves, in Unix seconds.
    final class TestClock: Sendable {
        private let seconds = Mutex(1_800_000_000)
        var now: Int { seconds.withLock { $0 } }
        func advance(by delta: Int) { seconds.withLock { $0 += delta } }
    }

    /// The demo over a fresh database, on `clock`, hashing on `hashing`.
    static func fixture(clock: TestClock, hashing: BoundedWorkPool = BoundedWorkPool(), iterations: Int = 2) async throws -> ScoresFixture {
        let data = try await DemoData.open(storage: try await DemoStorage.inMemory(), passwordIterations: iterations, hashing: hashing)
        return try ScoresFixture(data: data) { $0.clock = { clock.now } }
    }

    /// Posts the sign-in form once.
    static func signIn(_ client: TestClient, _ username: String, _ password: String) async throws -> TestPage {
        try await client.get("/welcome/~login")
        try await client.fill("Username", with: username)
        try await client.fill("Password", with: password)
        return try await client.press("Sign in")
    }

    @Test func wrongPasswordsAreThrottledAndTheRightOneWorksAfterTheDelay() async throws {
        let clock = TestClock()
        let fixture = try await Self.fixture(clock: clock)
        let client = try fixture.visitor()
        let free = fixture.data.accounts.throttles.signIn.freeAttemptsPerAccount
        for _ in 0...free {   // the free ones, and the one that starts the first delay
            try await Self.signIn(client, "demo", "wrong").expect(status: 422, screen: "Login", text: "Wrong username or password.")
        }
        let refused = try await Self.signIn(client, "demo", "demo")
        try refused.expect(status: 429, screen: "Login", text: "Too many failed attempts. Try again in a second.")
        #expect(refused.headers["Retry-After"] == "1")
        #expect(try refused.element(.textbox("Username")).value == "demo", "the form keeps what was typed")
        try await client.get("/feed").expect(screen: "Welcome")

        clock.advance(by: 1)
        try await Self.signIn(client, "demo", "wrong").expect(status: 422, screen: "Login")
        let longer = try await Self.signIn(client, "demo", "demo")
        try longer.expect(status: 429, text: "Try again in 2 seconds.")
        #expect(longer.headers["Retry-After"] == "2", "each failure past the free ones doubles the delay")

        clock.advance(by: 2)
        try await Self.signIn(client, "demo", "demo").expect(screen: "Feed")
    }

    @Test func aFloodOfWrongPasswordsGets429sAndNeverHashesMoreThanThePoolAllows() async throws {
        let clock = TestClock()
        let pool = BoundedWorkPool(maximumConcurrent: 2, maximumWaiting: 4)
        let fixture = try await Self.fixture(clock: clock, hashing: pool, iterations: 20_000)
        // 8 clients at once, 6 guesses each, at other accounts each time: only the address's count adds up.
        let statuses = try await withThrowingTaskGroup(of: [Int].self) { group in
            for client in 0..<8 {
                group.addTask {
                    let visitor = try fixture.visitor()
                    var seen: [Int] = []
                    for attempt in 0..<6 {
                        seen.append(try await Self.signIn(visitor, "user\(client)x\(attempt)", "guess").status.code)
                    }
                    return seen
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(Set(statuses).isSubset(of: [422, 429]), "\(statuses)")
        #expect(statuses.contains(429), "the address is throttled past its free attempts")
        #expect(statuses.filter { $0 == 422 }.count <= fixture.data.accounts.throttles.signIn.freeAttemptsPerClient + 8)
        #expect(pool.peakRunning <= 2, "at most the pool's share of hashes ran at once")
        #expect(pool.peakRunning >= 1)
    }

    @Test func anUnknownUsernameCostsAHashLikeAWrongPassword() async throws {
        let pool = BoundedWorkPool(maximumConcurrent: 1, maximumWaiting: 1)
        let fixture = try await Self.fixture(clock: TestClock(), hashing: pool)
        try await Self.signIn(try fixture.visitor(), "nobody", "guess").expect(status: 422, text: "Wrong username or password.")
        #expect(pool.peakRunning == 1, "the password was checked against a stand-in hash")
    }

    @Test func aFullHashingQueueIsA429InTheForm() async throws {
        // One slot, no queue, and the slot held: the next check is refused, as under a flood.
        let pool = BoundedWorkPool(maximumConcurrent: 1, maximumWaiting: 0)
        let fixture = try await Self.fixture(clock: TestClock(), hashing: pool)
        let gate = DispatchSemaphore(value: 0)
        let holder = Task { try await pool.run { gate.wait() } }
        for _ in 0..<10_000 where pool.running == 0 { await Task.yield() }
        #expect(pool.running == 1)
        let refused = try await Self.signIn(try fixture.visitor(), "demo", "demo")
        try refused.expect(status: 429, screen: "Login", text: "The server is busy checking other passwords.")
        #expect(refused.headers["Retry-After"] == String(AccountError.busyRetryAfter))
        #expect(pool.refused == 1)
        gate.signal()
        try await holder.value
    }

    @Test func aCookieCopiedBeforeSignOutIsSignedOutAfterIt() async throws {
        let fixture = try await Self.fixture(clock: TestClock())
        let owner = try await fixture.signedIn()
        let thief = try fixture.visitor()
        thief.cookies = owner.cookies
        try await thief.get("/dashboard").expect(screen: "Dashboard")

        try await owner.get("/messages/~settings?confirm=sign-out")
        let welcome = try await owner.within(.alertDialog("Sign out?")) { try await owner.press("Sign out") }
        try welcome.expect(screen: "Welcome")

        let replayed = try await thief.get("/dashboard")
        try replayed.expect(screen: "Welcome")
        #expect(thief.cookies["wr_session"] == nil, "the ended session's cookie is cleared")
    }

    /// A request refused before the app runs (here a body over the server's limit) cannot wait
    /// for the session store; its error page trusts the store's last "active" for a few minutes,
    /// so the signed-in tab bar stays, but never for a session ended since.
    static func oversizedPost(_ client: TestClient) async throws -> TestPage {
        try await client.request(
            .post, "/messages/~settings", headers: [("Content-Type", "application/x-www-form-urlencoded")],
            body: Array(repeating: UInt8(ascii: "a"), count: 2 << 20))
    }

    @Test func aRefusedRequestAMinuteAfterTheLastPageKeepsTheTabBar() async throws {
        let clock = TestClock()
        let fixture = try await Self.fixture(clock: clock)
        let client = try await fixture.signedIn()
        clock.advance(by: 60)
        try await Self.oversizedPost(client).expect(status: 413, screen: "Error", selectedTab: "Messages")
    }

    @Test func aCookieReplayedAfterSignOutGetsTheSignedOutErrorPage() async throws {
        let fixture = try await Self.fixture(clock: TestClock())
        let owner = try await fixture.signedIn()
        let thief = try fixture.visitor()
        thief.cookies = owner.cookies
        try await Self.oversizedPost(thief).expect(status: 413, screen: "Error", selectedTab: "Messages")

        try await owner.get("/messages/~settings?confirm=sign-out")
        try await owner.within(.alertDialog("Sign out?")) { try await owner.press("Sign out") }.expect(screen: "Welcome")

        let refused = try await Self.oversizedPost(thief)
        try refused.expect(status: 413, screen: "Error")
        #expect(refused.tabs.isEmpty, "an ended session's cookie shows no signed-in tabs")
        #expect(refused.links.first { $0.rel == "up" }?.href == "/welcome")
    }

    @Test func aPasswordChangeSignsOutEveryOtherSession() async throws {
        let fixture = try await Self.fixture(clock: TestClock())
        let laptop = try await fixture.signedIn()
        let copy = try fixture.visitor()
        copy.cookies = laptop.cookies
        let phone = try await fixture.signedIn()

        try await phone.get("/messages/~settings/change-password")
        try await phone.fill("Current password", with: "demo")
        try await phone.fill("New password", with: "better")
        try await phone.fill("New password again", with: "better")
        try await phone.press("Change password").expect(screen: "Settings", text: "Your password was changed.")

        try await laptop.get("/dashboard").expect(screen: "Welcome")
        try await copy.get("/dashboard").expect(screen: "Welcome")
        try await phone.get("/dashboard").expect(screen: "Dashboard")
    }

    @Test func sessionsEndedInTheStoreAreSignedOutOnTheirNextRequest() async throws {
        // The store is the authority: a session it no longer holds is signed out, whatever
        // ended it (another instance, an administrator).
        let clock = TestClock()
        let fixture = try await Self.fixture(clock: clock)
        let client = try await fixture.signedIn()
        let page = try await client.get("/dashboard")
        try page.expect(screen: "Dashboard")
        try await fixture.data.accounts.store.endSessions(of: "demo", except: nil)
        // This instance reuses the store's answer for a moment (`sessionCheckInterval`), then asks again.
        try await client.get("/dashboard").expect(screen: "Dashboard")
        clock.advance(by: fixture.app.configuration.sessionCheckInterval)
        try await client.get("/dashboard").expect(screen: "Welcome")
    }

    // MARK: - Issue 42's audit

    @Test func aPaddedOrRecasedUsernameDoesNotSlipPastTheAccountsLock() async throws {
        let fixture = try await Self.fixture(clock: TestClock())
        let client = try fixture.visitor()
        for _ in 0...fixture.data.accounts.throttles.signIn.freeAttemptsPerAccount {
            try await Self.signIn(client, "demo", "wrong").expect(status: 422, screen: "Login")
        }
        for spelling in ["demo ", " demo", "Demo", "DEMO\t"] {
            let refused = try await Self.signIn(try fixture.visitor(), spelling, "demo")
            try refused.expect(status: 429, screen: "Login", text: "Too many failed attempts.")
            #expect(refused.headers["Retry-After"] == "1", "\(spelling.debugDescription) is demo, locked")
        }
    }

    @Test func aPaddedUsernameCountsAgainstTheSameAccount() async throws {
        let fixture = try await Self.fixture(clock: TestClock())
        let free = fixture.data.accounts.throttles.signIn.freeAttemptsPerAccount
        // Guesses spread over spellings of one name, each from a fresh client: one count.
        for attempt in 0...free {
            let spelling = attempt.isMultiple(of: 2) ? "demo " : "Demo"
            try await Self.signIn(try fixture.visitor(), spelling, "wrong").expect(status: 422)
        }
        try await Self.signIn(try fixture.visitor(), "demo", "demo").expect(status: 429, screen: "Login")
    }

    @Test func aCookieCopiedFromTheChangingBrowserIsSignedOutByTheChange() async throws {
        let fixture = try await Self.fixture(clock: TestClock())
        let laptop = try await fixture.signedIn()
        let copy = try fixture.visitor()
        copy.cookies = laptop.cookies
        try await copy.get("/dashboard").expect(screen: "Dashboard")

        try await laptop.get("/messages/~settings/change-password")
        try await laptop.fill("Current password", with: "demo")
        try await laptop.fill("New password", with: "better")
        try await laptop.fill("New password again", with: "better")
        try await laptop.press("Change password").expect(screen: "Settings", text: "Your password was changed.")

        try await copy.get("/dashboard").expect(screen: "Welcome")
        try await laptop.get("/dashboard").expect(screen: "Dashboard")
        #expect(laptop.cookies["wr_session"] != copy.cookies["wr_session"])
    }

    /// Posts the change-password form once.
    static func changePassword(_ client: TestClient, current: String, new: String = "better") async throws -> TestPage {
        try await client.get("/messages/~settings/change-password")
        try await client.fill("Current password", with: current)
        try await client.fill("New password", with: new)
        try await client.fill("New password again", with: new)
        return try await client.press("Change password")
    }

    @Test func wrongCurrentPasswordsAreThrottled() async throws {
        let clock = TestClock()
        let fixture = try await Self.fixture(clock: clock)
        let client = try await fixture.signedIn()
        var statuses: [Int] = []
        for _ in 0..<30 {
            statuses.append(try await Self.changePassword(client, current: "wrong").status.code)
        }
        let free = fixture.data.accounts.throttles.passwordChange.freeAttemptsPerAccount
        #expect(statuses.prefix(free + 1).allSatisfy { $0 == 422 }, "\(statuses)")
        #expect(statuses.dropFirst(free + 1).allSatisfy { $0 == 429 }, "\(statuses)")
        let refused = try await Self.changePassword(client, current: "demo")
        try refused.expect(status: 429, text: "Too many failed attempts. Try again in a second.")
        #expect(refused.headers["Retry-After"] == "1")

        clock.advance(by: 1)
        try await Self.changePassword(client, current: "demo").expect(screen: "Settings", text: "Your password was changed.")
    }

    @Test func registrationsFromOneAddressAreThrottled() async throws {
        let clock = TestClock()
        let fixture = try await Self.fixture(clock: clock)
        let free = fixture.data.accounts.throttles.registration.freeAttemptsPerClient
        func register(_ name: String) async throws -> TestPage {
            let client = try fixture.visitor()   // signed out each time, from the same address
            try await client.get("/welcome/~registration")
            try await client.fill("Username", with: name)
            try await client.fill("Display name", with: "Bot")
            try await client.fill("Password", with: "password")
            return try await client.press("Create account")
        }
        for index in 0...free {
            try await register("bot\(index)").expect(screen: "Feed")
        }
        let refused = try await register("bot-late")
        try refused.expect(status: 429, screen: "Registration", text: "Too many accounts were created from your address.")
        #expect(refused.headers["Retry-After"] == "1")
        #expect(try await fixture.data.accounts.store.count() == free + 2, "demo and the registered ones, no more")

        clock.advance(by: 1)
        try await register("bot-later").expect(screen: "Feed")
    }

    @Test func deletingTheAccountSignsOutEverySessionAndTakesTheProfile() async throws {
        let fixture = try await Self.fixture(clock: TestClock())
        let owner = try await fixture.signedIn()
        let copy = try fixture.visitor()
        copy.cookies = owner.cookies
        try await owner.get("/messages/~settings/delete-account")
        try await owner.fill("Password", with: "wrong")
        try await owner.press("Delete account").expect(status: 422, screen: "DeleteAccountScreen", text: "The current password is not right.")
        try await owner.fill("Password", with: "demo")
        try await owner.press("Delete account").expect(screen: "Welcome")
        try await copy.get("/dashboard").expect(screen: "Welcome")
        try await Self.signIn(try fixture.visitor(), "demo", "demo").expect(status: 422, text: "Wrong username or password.")
        #expect(try await fixture.data.profiles.profile(named: "demo") == nil)
    }
}
