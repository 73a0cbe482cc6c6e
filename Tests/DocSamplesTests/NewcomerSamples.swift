// Samples of Forms (a flow's draft, bounds per request) and Deployment (limits set once).
import WebRouter

struct When: Form {
    var day: Day?
    static var fields: [Field<When>] {
        [.date("day", \.day, label: "Day", .required(), .min(Day.today.adding(days: 1), "Choose tomorrow or later."))]
    }
}

struct PhotoForm: Form {
    var photo: FormFile?
    static let fields: [Field<PhotoForm>] = [.file("photo", \.photo, label: "Photo", .maxSize(3 << 20, "Photos up to 3 MB, please."))]
    static let maxBodySize = 3 << 20
}

struct PhotoAlbum: ContentScreen {
    enum Action: String, ScreenAction {
        case upload
        var formType: (any Form.Type)? { PhotoForm.self }   // PhotoForm.maxBodySize = 3 MiB
    }
    let title = "Album"
    func body(_ context: Void, router: Router<PhotoAlbum>) -> some HTML {
        router.form(.upload, PhotoForm()) { fields in
            fields
            button(.type("submit")) { "Upload" }
        }
    }
    func perform(_ action: Action, form: FormData, router: Router<PhotoAlbum>) async throws -> ActionResult {
        try await router.validate(PhotoForm.self, form) { _ in .move(to: router.url) }
    }
}
