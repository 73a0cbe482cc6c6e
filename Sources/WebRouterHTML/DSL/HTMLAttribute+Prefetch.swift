extension HTMLAttribute {
    /// Keeps a link out of the enhancement script's instant moves: the browser neither
    /// prerenders nor prefetches it on hover, pointer down or focus (`data-webrouter-prefetch="never"`,
    /// read by the framework's speculation rules and by its prefetch fallback). Mark links whose
    /// GET does something (sign out, a one-time token, a counter) or whose page is costly.
    ///
    /// On a container (`nav`, `ul`, `section`) it marks every link inside.
    /// ```swift
    /// a(.href("/settings/sign-out"), .neverPrefetch) { "Sign out" }
    /// ```
    public static let neverPrefetch = HTMLAttribute(trusted: "data-webrouter-prefetch", value: "never")
}
