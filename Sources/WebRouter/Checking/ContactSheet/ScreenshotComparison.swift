/// A screenshot compared with its baseline as Playwright's `toHaveScreenshot` does: a pixel
/// differs when one of its channels moved by more than the tolerance, and the screen changed
/// when the share of differing pixels passes the threshold (or its size changed). The diff
/// image is the baseline faded to grey with each differing pixel in red.
///
/// ```swift
/// let comparison = ScreenshotComparison(baseline: old, current: new, pixelTolerance: 0.1)
/// if comparison.differingShare > 0.001 { write(comparison.diffImage!.encoded()) }
/// ```
struct ScreenshotComparison {
    /// The share of pixels that differ (1 when the sizes differ).
    let differingShare: Double
    /// How many pixels differ.
    let differingPixels: Int
    /// The baseline faded, with the differing pixels in red; `nil` when nothing differs.
    let diffImage: PNGImage?

    init(baseline: PNGImage, current: PNGImage, pixelTolerance: Double) {
        guard baseline.width == current.width, baseline.height == current.height else {
            differingShare = 1
            differingPixels = max(baseline.width * baseline.height, current.width * current.height)
            // The new screen, all marked: its size alone changed it.
            var marked = current
            for index in stride(from: 0, to: marked.pixels.count, by: 4) {
                marked.pixels[index] = 255
                marked.pixels[index + 1] /= 3
                marked.pixels[index + 2] /= 3
            }
            diffImage = marked
            return
        }
        let limit = Int((max(0, min(1, pixelTolerance)) * 255).rounded(.down))
        var diff = [UInt8](repeating: 255, count: baseline.pixels.count)
        var count = 0
        let old = baseline.pixels, new = current.pixels
        for index in stride(from: 0, to: old.count, by: 4) {
            var moved = 0
            for channel in 0..<4 { moved = max(moved, abs(Int(old[index + channel]) - Int(new[index + channel]))) }
            if moved > limit {
                count += 1
                diff[index] = 255; diff[index + 1] = 0; diff[index + 2] = 0
            } else {
                // Grey, faded towards white: the screen stays legible behind the red.
                let grey = (Int(old[index]) * 299 + Int(old[index + 1]) * 587 + Int(old[index + 2]) * 114) / 1000
                let faded = UInt8(255 - (255 - grey) / 4)
                diff[index] = faded; diff[index + 1] = faded; diff[index + 2] = faded
            }
        }
        differingPixels = count
        differingShare = old.isEmpty ? 0 : Double(count) / Double(old.count / 4)
        diffImage = count == 0 ? nil : PNGImage(width: baseline.width, height: baseline.height, pixels: diff)
    }
}
