#include "core/text_file.h"

#include <fstream>
#include <stdexcept>

#include "core/process/process.h"

namespace core {

std::optional<std::string> tryReadTextFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  // read(), not an istreambuf_iterator: a read that fails (a folder: EISDIR; a /proc file whose
  // process ends meanwhile: ESRCH) throws out of libstdc++'s underflow through the iterator, but
  // only sets badbit through read().
  std::string text;
  char buffer[1 << 16];
  while (in.read(buffer, sizeof buffer) || in.gcount() > 0) text.append(buffer, in.gcount());
  if (in.bad()) return std::nullopt;
  return text;
}

std::string readTextFile(const std::string& path) {
  std::optional<std::string> text = tryReadTextFile(path);
  if (!text) throw std::runtime_error(path + ": cannot read");
  return *std::move(text);
}

std::string unifiedDiff(const std::string& fromLabel, const std::string& fromPath, const std::string& toLabel,
                        const std::string& toPath) {
  process::Options options;
  options.fds = {process::kNull, 1, 2};  // its complaint on stderr comes back in the output, for the exception
  process::Captured diff;
  try {
    diff = process::capture({"diff", "-u", "--label", fromLabel, "--label", toLabel, fromPath, toPath}, options);
  } catch (const std::exception& e) {
    diff.status.raw = process::Status::kNoChild;  // not started: diffutils missing
    diff.output = e.what();
  }
  if (!diff.status.exited() || diff.status.code() > 1)
    throw std::runtime_error("diff " + fromLabel + " " + toLabel + " failed (diffutils)" +
                             (diff.output.empty() ? "" : ": " + diff.output.substr(0, diff.output.find('\n'))));
  return diff.output;
}

}  // namespace core
