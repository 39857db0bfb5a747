// For the tests: testcases' '# expect: ...' convention, read once.
#pragma once
#include <fstream>
#include <string>
#include <vector>

namespace core {

// The text after `tag` on each line of a file that starts with it.
inline std::vector<std::string> tagged(const std::string& path, const std::string& tag) {
  std::vector<std::string> values;
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);)
    if (line.rfind(tag, 0) == 0) values.push_back(line.substr(tag.size()));
  return values;
}

}  // namespace core
