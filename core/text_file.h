// A whole file read into a string, byte for byte (binary: NUL bytes and "\r\n" kept as they are).
// Two ways, for the two kinds of caller: one whose file must be there (a script the judge runs, a
// page it writes from), and one for which a missing file is an answer (a log not written yet).
// And two files' difference, as GNU diff shows it.
#pragma once
#include <optional>
#include <string>

namespace core {

// The file's bytes, or nullopt when it cannot be opened or read (missing, unreadable, a folder,
// a /proc file whose process has gone); it never throws. An empty file is an empty string, not
// nullopt.
std::optional<std::string> tryReadTextFile(const std::string& path);

// The file's bytes; throws std::runtime_error("<path>: cannot read") when it cannot be opened or read.
std::string readTextFile(const std::string& path);

// GNU diff's unified diff (`diff -u`, diffutils) of the files at fromPath and toPath, headed by
// the two labels; "" when they are the same. The files are only read, never run. Throws
// std::runtime_error when diff cannot be started or fails.
std::string unifiedDiff(const std::string& fromLabel, const std::string& fromPath, const std::string& toLabel,
                        const std::string& toPath);

}  // namespace core
