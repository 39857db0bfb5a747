// What the repository's Markdown pages promise a reader, read as GitHub reads it: the headings
// (and the anchors GitHub makes of them), the relative links, and the figures (a number with its
// unit, `1.38 s`, `768,138x`). Fenced code blocks and code spans hold no links or headings.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace markdown {

struct Heading {
  int line;
  int level;  // 1 for `#`, 2 for `##`, ...
  std::string text;
};

struct Link {
  int line;
  std::string target;  // as written: `../bench/chart.png`, `#glossary`, `README.md#the-checker`
};

struct Page {
  std::vector<Heading> headings;
  std::vector<Link> links;                // every link and image, external ones included
  std::vector<std::string> anchors;       // the fragments a link may name, GitHub's way
};

// A broken promise, with the file and line it is on.
struct Problem {
  std::string where;  // file:line
  std::string what;
};

Page parsePage(std::string_view text);
Page readPage(const std::filesystem::path& file);

// GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens.
std::string slug(std::string_view headingText);

// Every `*.md` file below root, build/ and hidden folders left out, in path order.
std::vector<std::filesystem::path> markdownFiles(const std::filesystem::path& root);

// Every relative link of the page must name a file or folder that exists; a fragment, a heading
// (or `<a id>`) of the Markdown page it points into.
std::vector<Problem> brokenLinks(const std::filesystem::path& file);

}  // namespace markdown
