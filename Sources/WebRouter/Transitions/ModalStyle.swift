import WebRouterHTML
/// How a presented layer looks: a sheet (large or medium height), a full-screen cover or a
/// centered card; each style becomes CSS classes on the layer's `<dialog>` (`modal-sheet`,
/// `modal-sheet-medium`, `modal-full`, `modal-centered`).
/// ```swift
/// Present(Navigation(Login()), style: .fullScreenCover)
/// Present(Filter(), style: .sheet(detent: .medium))
/// ```
public enum ModalStyle: Sendable, Equatable {
    /// A sheet rising from the bottom, `detent` high (large by default): `modal-sheet`, plus `modal-sheet-medium` for a medium one.
    case sheet(detent: SheetDetent = .large)
    /// A layer covering the whole screen: `modal-full`.
    case fullScreenCover
    /// A card in the middle of the screen: `modal-centered`.
    case centered
}

/// The height of a sheet.
/// ```swift
/// ModalStyle.sheet(detent: .large)
/// ```
public enum SheetDetent: Sendable, Equatable {
    /// About half the screen.
    case medium
    /// Almost the whole screen.
    case large
}
