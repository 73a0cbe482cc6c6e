/// How a presented layer looks: a sheet (optionally half-height), a full-screen cover,
/// or a centered card. Each style becomes CSS classes on the layer's `<dialog>`.
/// ```swift
/// Present(Navigation(Login()), style: .fullScreenCover)
/// Present(Filter(), style: .sheet(.medium))
/// ```
public enum PresentStyle: Sendable, Hashable {
    case sheet(SheetDetent = .large)
    case fullScreenCover
    case centered

    /// The default style: a full-height sheet.
    public static var sheet: PresentStyle { .sheet(.large) }
}

/// The height a sheet rests at (SwiftUI's presentation detents).
public enum SheetDetent: String, Sendable, Hashable {
    case medium, large
}
