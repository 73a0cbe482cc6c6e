/// The attribute names of DESIGN.md's landmarks, spelled once for the renderer that writes them
/// (through `Landmark` in WebRouter) and the reader that seeds them at fixed codes
/// (``AttributeCode``), so the two cannot drift.
/// ```swift
/// output.appendRaw(LandmarkName.screen)   // data-screen, as in <body data-screen="Match">
/// ```
package enum LandmarkName {
    /// The screen a page or a layer shows: `<body data-screen="Match">`.
    @inlinable package static var screen: StaticString { "data-screen" }
    /// The URL without a modal layer or an alert: `<dialog data-dismiss="/feed">`.
    @inlinable package static var dismissURL: StaticString { "data-dismiss" }
}
