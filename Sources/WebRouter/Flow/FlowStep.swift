import WebRouterHTML
/// The steps of a ``Flow``, in order: an enum whose cases are the steps, each a URL.
///
/// ```swift
/// enum EditStep: String, FlowStep { case name, team, confirm }
/// ```
public protocol FlowStep: URLContext, CaseIterable, Equatable where AllCases: RandomAccessCollection, AllCases.Index == Int {}
