// TEMPORARY: replaced by the HTML builder branch at merge.
public protocol HTML { func render(into output: inout HTMLOutput) }
public struct HTMLOutput { public var bytes: [UInt8] = []; public init(capacity: Int = 0) {} 
  public mutating func appendEscapedText(_ s: String) { bytes += Array(s.utf8) } }
extension String: HTML { public func render(into output: inout HTMLOutput) { output.appendEscapedText(self) } }
public struct EmptyHTML: HTML { public init() {}; public func render(into output: inout HTMLOutput) {} }
@resultBuilder public enum HTMLBuilder {
  public static func buildBlock<C: HTML>(_ c: C) -> C { c }
  public static func buildBlock() -> EmptyHTML { EmptyHTML() }
}
