import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What makes a replaced file still the user's file: its owner, its permissions, its extended
/// attributes (Finder tags and labels, ACLs on Linux, `user.*` attributes tools put there).
///
/// A replacement is a new file renamed over the old one (so a reader never sees half of it); the
/// new file is given these before the rename, so the name never shows a file that lost them.
enum FileIdentity {
    /// Gives the staged file at `temporary` the owner, permissions and extended attributes of
    /// `old` (the file at `path` it is about to replace). Throws when an extended attribute a user
    /// put there cannot be kept (nothing is replaced then); the owner is kept when the system
    /// lets this process give it (as root, or when it is this user's), else the file is this
    /// user's, as any file they create there.
    static func copy(from old: FileStatus, at path: String, to temporary: String) throws(AtomicFile.WriteError) {
        try copyExtendedAttributes(from: path, to: temporary, for: path)
        if let new = FileStatus.of(temporary), new.owner != old.owner || new.group != old.group {
            // The group alone may still be given (a member of it may); a failure leaves the
            // process's own, as for any file it creates.
            if chown(temporary, old.owner, old.group) != 0 { _ = chown(temporary, uid_t.max, old.group) }
        }
        // After chown, which clears the set-user-ID and set-group-ID bits.
        if chmod(temporary, old.mode) != 0 {
            throw .cannotWrite(path, "cannot give the new file the permissions of the old one (\(errnoText(errno)))")
        }
    }

    /// Copies every extended attribute of `source` to `destination` (neither followed if a link).
    static func copyExtendedAttributes(from source: String, to destination: String, for path: String) throws(AtomicFile
        .WriteError)
    {
        let attributes: [ExtendedAttributes.Attribute]
        switch ExtendedAttributes.read(source) {
        case .success(let read): attributes = read
        case .failure(let failure):
            throw .cannotWrite(path, "cannot read its extended attributes (\(errnoText(failure.code)))")
        }
        for attribute in attributes {
            if let code = ExtendedAttributes.set(attribute.name, attribute.value, on: destination),
                ExtendedAttributes.mustBeKept(attribute.name)
            {
                throw .cannotWrite(
                    path, "cannot keep its extended attribute \(attribute.displayName) (\(errnoText(code)))")
            }
        }
    }
}

/// Extended attributes through the system's calls, never following a symbolic link: `llistxattr`
/// and friends on Linux (looked up at run time: Swift's Glibc module does not declare them),
/// `listxattr(…, XATTR_NOFOLLOW)` on Darwin.
enum ExtendedAttributes {
    /// One attribute: its name as the system gives it (bytes, ended by a zero byte) and its value.
    struct Attribute: Equatable {
        var name: [UInt8]
        var value: [UInt8]
        /// The name as text, for messages.
        var displayName: String { String(decoding: name.dropLast(), as: UTF8.self) }
    }

    /// An errno from one of the calls.
    struct Failure: Error, Equatable {
        var code: Int32
        init(_ code: Int32) { self.code = code }
    }

    /// The attributes of `path`: names and values; none where the file system has none.
    static func read(_ path: String) -> Result<[Attribute], Failure> {
        let names: [UInt8]
        switch nameList(of: path) {
        case .success(let list): names = list
        case .failure(let code): return .failure(code)
        }
        var attributes: [Attribute] = []
        for raw in names.split(separator: 0) where !raw.isEmpty {
            let name = Array(raw) + [0]
            switch value(of: name, at: path) {
            case .success(let value?): attributes.append(Attribute(name: name, value: value))
            case .success(nil): continue
            case .failure(let code): return .failure(code)
            }
        }
        return .success(attributes)
    }

    /// The names of the attributes of `path`, each ended by a zero byte.
    private static func nameList(of path: String) -> Result<[UInt8], Failure> {
        for _ in 0..<4 {
            let size = list(path, nil, 0)
            if size < 0 { return errno == notSupported ? .success([]) : .failure(Failure(errno)) }
            if size == 0 { return .success([]) }
            var names = [UInt8](repeating: 0, count: size)
            let read = names.withUnsafeMutableBytes {
                list(path, $0.baseAddress!.assumingMemoryBound(to: CChar.self), size)
            }
            if read >= 0 {
                names.removeLast(names.count - read)
                return .success(names)
            }
            // Grown between asking its size and reading it: ask again.
            if errno != ERANGE { return .failure(Failure(errno)) }
        }
        return .failure(Failure(ERANGE))
    }

    /// The value of one attribute; nil when it was removed since it was listed.
    private static func value(of name: [UInt8], at path: String) -> Result<[UInt8]?, Failure> {
        for _ in 0..<4 {
            let size = get(path, name, nil, 0)
            if size < 0 { return errno == noAttribute ? .success(nil) : .failure(Failure(errno)) }
            var value = [UInt8](repeating: 0, count: size)
            let read = size == 0 ? 0 : value.withUnsafeMutableBytes { get(path, name, $0.baseAddress, size) }
            if read >= 0 {
                value.removeLast(value.count - read)
                return .success(value)
            }
            // Grown since its size was asked: ask again.
            if errno != ERANGE { return .failure(Failure(errno)) }
        }
        return .failure(Failure(ERANGE))
    }

    /// Sets one attribute; nil, or the errno.
    static func set(_ name: [UInt8], _ value: [UInt8], on path: String) -> Int32? {
        let result = value.withUnsafeBytes { set(path, name, $0.baseAddress, $0.count) }
        return result == 0 ? nil : errno
    }

    /// True for an attribute a user or their tools put there, which a replacement must keep or
    /// fail. The others belong to the system (SELinux labels, ACLs on Linux, `com.apple.*`),
    /// which sets them on a new file itself or forbids setting them; they are kept when allowed.
    static func mustBeKept(_ name: [UInt8]) -> Bool {
        #if canImport(Darwin)
            return !name.starts(with: Array("com.apple.".utf8))
        #else
            return name.starts(with: Array("user.".utf8))
        #endif
    }

    #if canImport(Darwin)
        private static let notSupported = ENOTSUP
        private static let noAttribute = ENOATTR

        private static func list(_ path: String, _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int) -> Int {
            listxattr(path, buffer, size, XATTR_NOFOLLOW)
        }

        private static func get(_ path: String, _ name: [UInt8], _ buffer: UnsafeMutableRawPointer?, _ size: Int) -> Int
        {
            name.withUnsafeBufferPointer {
                getxattr(
                    path, UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), buffer, size, 0,
                    XATTR_NOFOLLOW)
            }
        }

        private static func set(_ path: String, _ name: [UInt8], _ value: UnsafeRawPointer?, _ size: Int) -> Int32 {
            name.withUnsafeBufferPointer {
                setxattr(
                    path, UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), value, size, 0,
                    XATTR_NOFOLLOW)
            }
        }
    #elseif canImport(Glibc)
        private static let notSupported = EOPNOTSUPP
        private static let noAttribute = ENODATA

        private typealias ListFunction =
            @convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<CChar>?, Int) -> Int
        private typealias GetFunction =
            @convention(c) (UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafeMutableRawPointer?, Int) -> Int
        private typealias SetFunction =
            @convention(c) (UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafeRawPointer?, Int, Int32) -> Int32

        /// The C library's `llistxattr`, `lgetxattr`, `lsetxattr`, or nil when it has none.
        private static let functions: (list: ListFunction, get: GetFunction, set: SetFunction)? = {
            guard let library = dlopen(nil, RTLD_NOW),
                let list = dlsym(library, "llistxattr"), let get = dlsym(library, "lgetxattr"),
                let set = dlsym(library, "lsetxattr")
            else { return nil }
            return (
                unsafeBitCast(list, to: ListFunction.self), unsafeBitCast(get, to: GetFunction.self),
                unsafeBitCast(set, to: SetFunction.self)
            )
        }()

        private static func list(_ path: String, _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int) -> Int {
            guard let functions else { errno = EOPNOTSUPP; return -1 }
            return functions.list(path, buffer, size)
        }

        private static func get(_ path: String, _ name: [UInt8], _ buffer: UnsafeMutableRawPointer?, _ size: Int) -> Int
        {
            guard let functions else { errno = EOPNOTSUPP; return -1 }
            return name.withUnsafeBufferPointer {
                functions.get(path, UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), buffer, size)
            }
        }

        private static func set(_ path: String, _ name: [UInt8], _ value: UnsafeRawPointer?, _ size: Int) -> Int32 {
            guard let functions else { errno = EOPNOTSUPP; return -1 }
            return name.withUnsafeBufferPointer {
                functions.set(
                    path, UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), value, size, 0)
            }
        }
    #else
        private static let notSupported = EOPNOTSUPP
        private static let noAttribute = ENOENT
        private static func list(_ path: String, _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int) -> Int {
            errno = EOPNOTSUPP; return -1
        }
        private static func get(_ path: String, _ name: [UInt8], _ buffer: UnsafeMutableRawPointer?, _ size: Int) -> Int
        { errno = EOPNOTSUPP; return -1 }
        private static func set(_ path: String, _ name: [UInt8], _ value: UnsafeRawPointer?, _ size: Int) -> Int32 {
            errno = EOPNOTSUPP; return -1
        }
    #endif
}
