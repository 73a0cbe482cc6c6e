/// What a screen and the window's condition know about the request being answered.
public final class RequestContext: Sendable {
    public init() {}
}
