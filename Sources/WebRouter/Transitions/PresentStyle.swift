/// How a presented layer looks: a sheet (full or medium height), a full-screen cover or a
/// centered card; each style becomes CSS classes on the layer's `<dialog>`.
/// ```swift
/// Present(Navigation(Login()), style: .fullScreenCover)
/// Present(Filter(), style: .sheet(detent: .medium))
/// ```
public typealias PresentStyle = ModalStyle
