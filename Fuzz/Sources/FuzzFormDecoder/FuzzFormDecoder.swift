import WebRouter

// Fuzzes the form decoders: urlencoded and multipart/form-data bodies with a few boundary
// spellings taken from the input itself. Decoding may fail; it must never crash or hang.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    _ = try? FormData.decode(contentType: "application/x-www-form-urlencoded", body: bytes)
    // The first line, if short, is the boundary; the rest the body.
    let newline = bytes.firstIndex(of: 10) ?? min(bytes.count, 40)
    let boundary = String(decoding: bytes[..<min(newline, 70)], as: UTF8.self)
    let body = Array(bytes[min(newline + 1, bytes.count)...])
    _ = try? FormData.decode(contentType: "multipart/form-data; boundary=\(boundary)", body: body)
    _ = try? FormData.decode(contentType: "multipart/form-data; boundary=\"\(boundary)\"; charset=utf-8", body: body)
    _ = try? FormData.decode(contentType: "multipart/form-data", body: bytes)
    _ = QueryItems(parsing: String(decoding: bytes, as: UTF8.self))
    return 0
}
