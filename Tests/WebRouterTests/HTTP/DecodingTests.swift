import Testing
@testable import WebRouter
@testable import WebRouterHTML
@testable import WebRouterHTTP

@Suite struct DecodingTests {
    @Test func pathSegmentsSplitBeforeDecoding() {
        #expect(HTTPRequest(path: "/").pathSegments == [])
        #expect(HTTPRequest(path: "/feed/a%2Fb/12/").pathSegments == ["feed", "a/b", "12"])
        #expect(HTTPRequest(path: "/a%20b/%C3%A9").pathSegments == ["a b", "é"])
        #expect(HTTPRequest(path: "/a+b").pathSegments == ["a+b"])
        #expect(HTTPRequest(path: "/x/%FF").pathSegments == ["x", "\u{FFFD}"])
        // In-process requests keep a malformed escape literally; the server answers 400.
        #expect(HTTPRequest(path: "/x/%zz").pathSegments == ["x", "%zz"])
        #expect(RequestTarget.parse("/x/%zz", strict: true) == nil)
        #expect(RequestTarget.parse("/x?q=%z", strict: true) == nil)
        #expect(RequestTarget.parse("http://example.com/a/b?c=d", strict: true)?.segments == ["a", "b"])
    }

    /// A leading and a trailing slash open and close the path; slashes between make empty
    /// segments, which the route table then refuses (no screen has an empty name).
    @Test(arguments: [
        ("", []), ("/", []), ("//", [""]), ("/a", ["a"]), ("a", ["a"]), ("/a/", ["a"]), ("a/b", ["a", "b"]),
        ("/a//b", ["a", "", "b"]), ("/a/b//", ["a", "b", ""]), ("/%2F/x", ["/", "x"]),
    ] as [(String, [String])])
    func segmentsOfAPath(path: String, segments: [String]) {
        #expect(PathSegments.split(path[...].utf8, lenientEscapes: false, repairsInvalidUTF8: true) == segments)
        // The route table's own splitter (`RouteTable.parse(path:)`) agrees on paths.
        if path.hasPrefix("/") { #expect(PathSegments.split(path) == segments) }
    }

    @Test func routeTableSplitterRefusesBadEscapesAndInvalidUTF8() {
        #expect(PathSegments.split("/x/%zz") == nil)
        #expect(PathSegments.split("/x/%FF") == nil)
        #expect(PathSegments.split("/a%20b/%C3%A9") == ["a b", "é"])
    }

    @Test func requestInitSplitsQueryAndParsesCookies() {
        let request = HTTPRequest(
            method: .post, path: "/feed?tab=new&x=a+b%26c&flag", headers: ["Cookie": "s=1; t=\"two\"; s=ignored"])
        #expect(request.path == "/feed")
        #expect(request.rawQuery == "tab=new&x=a+b%26c&flag")
        #expect(request.query["x"] == "a b&c")
        #expect(request.query["flag"] == "")
        #expect(request.cookies == ["s": "1", "t": "two"])
        #expect(request.cookie("s") == "1")
        #expect(request.cookie("t") == "two")
        #expect(request.cookie("missing") == nil)
        #expect(HTTPRequest(path: "/").cookie("s") == nil)
        // Replacing the headers replaces the cookies read from them.
        var changed = request
        changed.headers = ["Cookie": "s=new"]
        #expect(changed.cookie("s") == "new")
        #expect(changed.cookies == ["s": "new"])
        changed.headers.set(name: "Cookie", value: "t=3")
        #expect(changed.cookie("s") == nil)
        #expect(changed.cookie("t") == "3")
        // The copy changed alone: a request is a value, though its copies share one box.
        #expect(request.cookie("s") == "1")
        #expect(request.headers["Cookie"] == "s=1; t=\"two\"; s=ignored")
    }

    /// Copies of a request share their fields until one changes: each change stays in the
    /// copy made, never reaching the original or the other copies.
    @Test func copiesOfARequestChangeApart() {
        let original = HTTPRequest(method: .post, path: "/a/b?x=1", headers: ["Accept": "text/html"], body: [1, 2])
        var copy = original
        copy.method = .get
        copy.remoteAddress = "10.0.0.1"
        copy.body = [9]
        copy.headers.add(name: "Cookie", value: "k=v")
        var third = copy
        third.remoteAddress = nil
        #expect(original.method == .post)
        #expect(original.remoteAddress == nil)
        #expect(original.body == [1, 2])
        #expect(original.headers["Cookie"] == nil)
        #expect(original.cookie("k") == nil)
        #expect(copy.method == .get && copy.remoteAddress == "10.0.0.1" && copy.body == [9])
        #expect(copy.cookie("k") == "v")
        #expect(third.remoteAddress == nil && third.cookie("k") == "v")
        // The target's parts are the same in every copy.
        for request in [original, copy, third] {
            #expect(request.path == "/a/b" && request.pathSegments == ["a", "b"])
            #expect(request.query["x"] == "1" && request.rawQuery == "x=1")
        }
    }

    /// Reading one cookie by name gives what the whole-header parse gives for it, on
    /// headers with spaces, quotes, repeats, pairs without `=`, empty names and prefixes
    /// of other names.
    @Test(arguments: [
        "a=1; b=2", " a = 1 ;b=2 ", "a=\"q\"; a=2", "x; a=1", "=z; a=", "ab=1; a=2", "a=b=c", "a=\"", ";;a=1;;",
        "session=abc.def-ghi_; theme=dark", "",
    ])
    func oneCookieByNameAgreesWithTheParse(header: String) {
        let all = Cookies.parse(header)
        for name in ["a", "b", "ab", "x", "", "session", "theme", "missing"] {
            #expect(Cookies.value(named: name, in: header) == all[name], "\(name) in \(header)")
        }
        // Three names in one scan (how a page reads its session, CSRF and tab cookies).
        for (first, second, third) in [("a", "b", "ab"), ("b", "a", "missing"), ("session", "theme", ""), ("x", "a", "a")] {
            let found = Cookies.values(named: first, second, third, in: header)
            #expect(found.0 == all[first] && found.1 == all[second] && found.2 == all[third], "\(first), \(second), \(third) in \(header)")
        }
    }

    @Test func queryItemsDecodeAndEncodeCanonically() {
        let query = QueryItems(parsing: "q=swift+web&tag=a&&tag=b%2Fc&e=%E2%9C%93")
        #expect(query.values(for: "tag") == ["a", "b/c"])
        #expect(query["q"] == "swift web")
        #expect(query["e"] == "✓")
        #expect(query.encoded == "q=swift+web&tag=a&tag=b%2Fc&e=%E2%9C%93")
        #expect(QueryItems(parsing: query.encoded) == query)
        #expect(QueryItems([("a", "1")]) == ["a": "1"])
        #expect(QueryItems.strict("a=%G0") == nil)
        #expect(QueryItems(parsing: "a=%G0")["a"] == "%G0")
    }

    @Test func urlencodedForms() throws {
        let form = try FormData.decode(
            contentType: "application/x-www-form-urlencoded; charset=UTF-8", body: Array("a=1&b=x+y&a=2".utf8))
        #expect(form.values(for: "a") == ["1", "2"])
        #expect(form["b"] == "x y")
        #expect(throws: FormDecodingError.malformedEncoding) {
            try FormData.decode(contentType: "application/x-www-form-urlencoded", body: Array("a=%".utf8))
        }
        #expect(throws: FormDecodingError.unsupportedContentType("application/json")) {
            try FormData.decode(contentType: "application/json", body: Array("{}".utf8))
        }
        #expect(try FormData.decode(contentType: nil, body: []) == FormData())
    }

    @Test func multipartForms() throws {
        let body = Array(
            ("preamble\r\n--b1\r\nContent-Disposition: form-data; name=\"note\"\r\n\r\nline1\r\nline2\r\n"
                + "--b1\r\ncontent-disposition: form-data; name=\"f\"; filename=\"x;y.bin\"\r\n\r\n\u{0}\u{1}\r\n"
                + "--b1--\r\nepilogue").utf8)
        let form = try FormData.decode(contentType: "multipart/form-data; boundary=\"b1\"", body: body)
        #expect(form["note"] == "line1\r\nline2")
        let file = try #require(form.files(named: "f").first)
        #expect(file.filename == "x;y.bin")
        #expect(file.contentType == "application/octet-stream")
        #expect(file.bytes == [0, 1])
        #expect(throws: FormDecodingError.missingBoundary) {
            try FormData.decode(contentType: "multipart/form-data", body: body)
        }
        #expect(throws: FormDecodingError.malformedMultipart("missing closing boundary")) {
            try FormData.decode(
                contentType: "multipart/form-data; boundary=b1",
                body: Array("--b1\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nnever ends".utf8))
        }
        #expect(throws: FormDecodingError.malformedMultipart("part without a form-data name")) {
            try FormData.decode(
                contentType: "multipart/form-data; boundary=b1", body: Array("--b1\r\nX: y\r\n\r\nv\r\n--b1--".utf8))
        }
    }

    @Test func setCookieHeaderAndSanitising() {
        #expect(
            SetCookie(name: "s", value: "abc", maxAge: 0).headerValue == "s=abc; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax")
        let hostile = SetCookie(name: "a", value: "x\r\nSet-Cookie: evil=1; Path=/")
        #expect(!hostile.isValid)
        #expect(!hostile.headerValue.contains("\r"))
        #expect(!hostile.headerValue.contains("\n"))
        #expect(hostile.headerValue.hasPrefix("a=x%0D%0ASet-Cookie:%20evil=1%3B%20Path=/; Path=/"))
        #expect(SetCookie(name: "n", value: "v", httpOnly: false, sameSite: SetCookie.SameSite.none).headerValue
            == "n=v; Path=/; Secure; SameSite=None")
    }

    @Test func headersAreOrderedAndCaseInsensitive() {
        var headers: HTTPHeaders = ["Set-Cookie": "a=1", "content-type": "text/plain"]
        headers.add(name: "SET-COOKIE", value: "b=2")
        #expect(headers["Content-Type"] == "text/plain")
        #expect(headers.values(for: "set-cookie") == ["a=1", "b=2"])
        headers.set(name: "Set-Cookie", value: "c=3")
        #expect(headers.values(for: "Set-Cookie") == ["c=3"])
        headers.remove(name: "CONTENT-TYPE")
        #expect(!headers.contains("Content-Type"))
    }

    @Test func httpDatesRoundTrip() {
        #expect(HTTPDate.format(784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == 784_111_777)
        #expect(HTTPDate.format(0) == "Thu, 01 Jan 1970 00:00:00 GMT")
        #expect(HTTPDate.parse("yesterday") == nil)
        #expect(MIMETypes.contentType(forPath: "a/b.WOFF2") == "font/woff2")
        #expect(MIMETypes.contentType(forPath: "a.d/noext") == "application/octet-stream")
    }
}
