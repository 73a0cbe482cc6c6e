import Foundation

extension Application {
    /// Captures every state the state check enumerates in headless Chromium, at each viewport
    /// in each colour scheme, into a folder of static HTML (`index.html`, `shots/`, and
    /// `diffs/` against a baseline); see <doc:CheckingEveryState>. Against
    /// ``ContactSheetOptions/baseline`` (a sheet made before), each screenshot that changed
    /// beyond ``ContactSheetOptions/threshold`` is flagged with a diff image. `<app>
    /// contact-sheet --out DIR` runs the same from the command line.
    ///
    /// ```swift
    /// let sheet = try await app.contactSheet(ContactSheetOptions(baseline: "sheet-main"), to: ".build/contact-sheet")
    /// for entry in sheet.changedEntries { print("changed:", entry.state.url) }
    /// ```
    /// - Throws: ``ContactSheetError`` when Chromium is missing or fails, the folder cannot
    ///   be written, or the app's server cannot start.
    @discardableResult
    public func contactSheet(_ options: ContactSheetOptions = ContactSheetOptions(), to folder: String) async throws -> ContactSheetReport {
        try await ContactSheetBuilder(app: self, options: options, folder: folder).run()
    }
}
