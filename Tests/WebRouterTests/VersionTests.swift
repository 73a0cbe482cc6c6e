import Testing
@testable import WebRouter

@Test func versionIsSet() {
    #expect(!WebRouterInfo.version.isEmpty)
}
