import Foundation

/// Writes a layer tree to, and reads it from, Lamina's JSON layer archive (Lamina extension).
///
/// Apple archives layers with `NSKeyedArchiver` (`CALayer` adopts `NSSecureCoding`), which has
/// no Swift-on-Linux form for layers; Lamina's archive is a JSON document a person can read and
/// write, with the same shape of entry points as Apple's keyed archiver:
///
/// ```swift
/// let data = try CALayerArchive.archivedData(withRootLayer: root)
/// let copy = try CALayerArchive.unarchivedLayer(from: data)
/// ```
///
/// The archive holds each layer's class (the built-in `CALayer` subclasses), the properties
/// that differ from that class's defaults under Apple's key-value coding names, sublayers,
/// masks, emitter cells and the attached animations; the format is described in
/// <doc:LayerArchiveFormat>. Delegates, actions, `style` and values set for arbitrary keys are
/// not archived, nor are layer classes of your own (archiving one throws).
///
/// Reading is strict, since an archive is often hand-written or untrusted: an unknown key, a
/// class name, a value of the wrong type or non-finite geometry throws a
/// ``CALayerArchiveError`` naming the key path and the value — never a default, never a trap.
/// Images decoded from an archive are charged to the current pixel-memory budget, and image
/// files are read only from the archive's own folder unless you allow file access.
///
/// Time: an archive is a picture of a tree at the start of a render. Given a `timeOrigin` (a
/// media time in seconds, `CACurrentMediaTime()`'s clock), writing stores each top-level
/// animation's `beginTime` relative to it, and reading turns an archived begin time *b* into
/// the layer's local time at `timeOrigin` plus *b*, so an archive read with origin *t₀* and
/// rendered at *t₀* + *T* shows an animation *T* − *b* seconds into its run. Without an origin,
/// begin times are written and read as they are.
public enum CALayerArchive {
    /// The document's `"format"` value, `"lamina-layer-archive"`.
    public static var formatName: String { LayerArchive.formatName }

    /// The document version this reader and writer know (`"version"`), 1.
    public static var version: Int { LayerArchive.version }

    /// The archive of the tree under `layer` (its sublayers, masks and animations), as JSON
    /// text in UTF-8, pretty-printed with sorted keys (so equal trees give equal bytes).
    ///
    /// - Parameters:
    ///   - layer: the root of the tree; it is read, not changed.
    ///   - timeOrigin: the media time (seconds) that becomes begin time 0 in the archive; nil
    ///     writes begin times as they are.
    /// - Throws: ``CALayerArchiveError`` for a layer of a class the archive does not know (its
    ///   key path says which), a tree deeper than 200 layers, or a value JSON cannot hold.
    public static func archivedData(withRootLayer layer: CALayer, timeOrigin: CFTimeInterval? = nil) throws -> Data {
        try archiveErrors("cannot write the archive") { try LayerArchive.encode(layer, timeOrigin: timeOrigin) }
    }

    /// The layer tree of an archive: a new root layer with its sublayers, masks and
    /// animations, not attached to any renderer.
    ///
    /// - Parameters:
    ///   - data: the JSON document (or a bare layer object).
    ///   - baseDirectory: the folder relative `"file"` image references resolve against; nil
    ///     refuses file references (images can still be embedded as base64 PNG).
    ///   - allowsFileAccess: lets file references name any file the process can read
    ///     (absolute paths, `..`); by default they must stay inside `baseDirectory`.
    ///   - timeOrigin: the media time (seconds) at which archived begin time 0 falls; nil keeps
    ///     begin times as written.
    /// - Throws: ``CALayerArchiveError`` naming the key path of the first offending value, or
    ///   the line and column of a JSON syntax error. Nothing is left half-built: a tree is
    ///   returned whole or not at all.
    public static func unarchivedLayer(from data: Data, baseDirectory: URL? = nil, allowsFileAccess: Bool = false,
                                       timeOrigin: CFTimeInterval? = nil) throws -> CALayer {
        let context = ArchiveContext(baseDirectory: baseDirectory, allowsFileAccess: allowsFileAccess)
        return try archiveErrors("cannot read the archive") {
            try LayerArchive.decode(data, context: context, timeOrigin: timeOrigin)
        }
    }

    /// The layer tree of an archive file, as ``unarchivedLayer(from:baseDirectory:allowsFileAccess:timeOrigin:)``
    /// reads it with the file's folder as the base directory.
    ///
    /// - Throws: ``CALayerArchiveError``, also when the file cannot be read.
    public static func unarchivedLayer(contentsOf url: URL, allowsFileAccess: Bool = false,
                                       timeOrigin: CFTimeInterval? = nil) throws -> CALayer {
        try archiveErrors("cannot read the archive") {
            try LayerArchive.decode(contentsOf: url, timeOrigin: timeOrigin, allowsFileAccess: allowsFileAccess)
        }
    }

    /// Runs `body`, passing archive errors on and wrapping any other error in one (the public
    /// functions promise ``CALayerArchiveError`` only).
    private static func archiveErrors<T>(_ what: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as CALayerArchiveError {
            throw error
        } catch {
            throw CALayerArchiveError(path: "", message: "\(what): \(error)")
        }
    }
}

/// Why a layer archive could not be read or written (Lamina extension): the key path of the
/// offending value and what is wrong with it.
///
/// `description` reads `sublayers[2].opacity: expected a number, got "abc"`; errors about the
/// document as a whole (JSON syntax, an unreadable file) have an empty `path`.
public struct CALayerArchiveError: Error, Equatable, CustomStringConvertible {
    /// The key path of the offending value from the root layer (`"sublayers[2].opacity"`,
    /// `"animations[0].keyTimes"`); empty for the document itself.
    public let path: String
    /// What is wrong, in words (`expected a number, got "abc"`).
    public let message: String

    package init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `path: message`, or `message` alone for the document itself.
    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

/// The internal spelling of ``CALayerArchiveError``.
package typealias LayerArchiveError = CALayerArchiveError
