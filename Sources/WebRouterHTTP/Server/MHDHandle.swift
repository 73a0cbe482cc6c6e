/// A libmicrohttpd pointer handed across threads; MHD itself synchronises its use.
struct MHDHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}
