#include "core/text_file.h"

#include <fstream>
#include <iterator>
#include <stdexcept>

namespace core {

std::optional<std::string> tryReadTextFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

std::string readTextFile(const std::string& path) {
  std::optional<std::string> text = tryReadTextFile(path);
  if (!text) throw std::runtime_error(path + ": cannot read");
  return *std::move(text);
}

}  // namespace core
