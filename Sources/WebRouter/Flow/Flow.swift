import WebRouterHTML
/// A screen shown as a sequence of steps, one URL each, with next / previous / finish
/// (SwiftfulRouting's screen queue, VDFlow's `NavigationSteps`).
///
/// The base screen's context is the step; the router gives the URLs of the moves:
/// ```swift
/// struct UserEdit: ContentScreen {
///     typealias Context = EditStep                 // enum EditStep: String, FlowStep
///     func body(_ step: EditStep, router: Router<UserEdit>) -> some HTML {
///         p { "Step \(router.stepIndex + 1) of \(router.stepCount)" }
///         if let previous = router.previousStep { a(.href(previous)) { "Back" } }
///     }
///     func perform(…) async throws -> ActionResult { .move(to: router.nextStepOrFinish) }
/// }
/// Dashboard(edit: Flow(base: UserEdit()).present())   // /dashboard/~edit/name → …/team → …/confirm
/// ```
public struct Flow<Base: ContentScreen>: ScreenContainer where Base.Context: FlowStep {
    /// The wrapped screen's context, passed through.
    public typealias Context = Base.Context
    /// The content screen at the core, the target of routing moves.
    public typealias NestedScreen = Base
    /// The screen shown at every step; its context is the step.
    public let wrapped: Base

    /// A flow through the steps of `base`'s context, in `allCases` order.
    public init(base: Base) { self.wrapped = base }

    /// Lets the base screen configure the presentation, then adds the `flow` class to its layer.
    public func configure(_ presentation: inout ScreenPresentation) {
        wrapped.configure(&presentation)
        presentation.classes.append("flow")
    }
}

extension Router where From.Context: FlowStep {
    /// The position of the current step, from 0.
    public var stepIndex: Int { From.Context.allCases.firstIndex(of: context) ?? 0 }
    /// How many steps the flow has.
    public var stepCount: Int { From.Context.allCases.count }

    /// The URL of one step of this flow.
    public func url(of step: From.Context) -> String {
        var segments: [String] = []
        step.appendPathSegments(to: &segments)
        return replacingContext(with: segments)
    }

    /// The next step's URL; `nil` on the last step (`showNextScreen`).
    public var nextStep: String? {
        let steps = From.Context.allCases
        let next = stepIndex + 1
        return next < steps.count ? url(of: steps[next]) : nil
    }

    /// The previous step's URL; `nil` on the first step.
    public var previousStep: String? {
        let steps = From.Context.allCases
        return stepIndex > 0 ? url(of: steps[stepIndex - 1]) : nil
    }

    /// Where the flow ends: out of its modal layer, else one screen back.
    public var finish: String { dismiss ?? back ?? popToRoot }

    /// The next step, or out of the flow after the last one
    /// (`showNextScreenOrDismissEnvironment`).
    public var nextStepOrFinish: String { nextStep ?? finish }
}
