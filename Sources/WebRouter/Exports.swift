// What `import WebRouter` gives an app: the HTML DSL and reader whole, and of the HTTP layer the
// values an app reads and writes (requests, responses, headers, cookies, forms, the server's
// configuration). The server itself, its handler type and its errors stay inside: an app
// serves with `Application.serve` or `runCommandLine()`.

@_exported public import WebRouterHTML

@_exported public import struct WebRouterHTTP.HTTPRequest
@_exported public import struct WebRouterHTTP.HTTPResponse
@_exported public import class WebRouterHTTP.ResponseStream
@_exported public import struct WebRouterHTTP.HTTPHeaders
@_exported public import struct WebRouterHTTP.HTTPStatus
@_exported public import struct WebRouterHTTP.HTTPMethod
@_exported public import struct WebRouterHTTP.SetCookie
@_exported public import struct WebRouterHTTP.FormData
@_exported public import struct WebRouterHTTP.FormFile
@_exported public import enum WebRouterHTTP.FormDecodingError
@_exported public import struct WebRouterHTTP.QueryItems
@_exported public import struct WebRouterHTTP.ServerConfiguration
@_exported public import enum WebRouterHTTP.HTTPServerError
@_exported public import struct WebRouterHTTP.HTTPError
@_exported public import enum WebRouterHTTP.SpeculativeRequest
