import Testing
@testable import webapp

@Test func webappModuleLoads() {
    #expect(Bool(true) == true)
}
