// For the judge's tests: a fixture's expectations, written in its opening
// comment as "// Expected verdict: Wrong Answer" lines.
#pragma once
#include <fstream>
#include <string>

namespace judge {

// The text after "// <key>: " in the file's opening comment, or "".
inline std::string headerValue(const std::string& file, const std::string& key) {
  std::ifstream in(file);
  std::string prefix = "// " + key + ": ";
  for (std::string line; std::getline(in, line) && line.rfind("//", 0) == 0;)
    if (line.rfind(prefix, 0) == 0) return line.substr(prefix.size());
  return "";
}

}  // namespace judge
