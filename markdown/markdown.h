// What the repository's Markdown pages promise a reader, read as GitHub reads it (by its own
// parser, libcmark-gfm: page.cpp): the headings (and the anchors GitHub makes of them), the
// relative links, and the figures (a number with its unit, `1.38 s`, `768,138x`). Code, in a
// block or a span, holds no links or headings.
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

// A page's text as it is on disk; throws std::runtime_error naming the file when it cannot be read.
std::string readText(const std::filesystem::path& file);

// GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens.
std::string slug(std::string_view headingText);

// Every `*.md` file below root, build/ and hidden folders left out, in path order.
std::vector<std::filesystem::path> markdownFiles(const std::filesystem::path& root);

// Every relative link of the page must name a file or folder that exists; a fragment, a heading
// (or `<a id>`) of the Markdown page it points into.
std::vector<Problem> brokenLinks(const std::filesystem::path& file);

// The figures of a text: each number with a unit, as written (`1.38 s`, `45.3 us`, `2.21 µs`,
// `768,138x`, `28%`, `64 MB`; a line break may stand for the space), code blocks included; `9x9`
// and `3 sets` are not figures.
std::vector<std::string> figures(std::string_view text);

// A page and its translation beside it: `README.zh-CN.md` translates `README.md`.
struct Translation {
  std::filesystem::path original, translation;
};
std::vector<Translation> translations(const std::vector<std::filesystem::path>& files);

// Where a translation is out of step with its original: the headings counted by level, the
// figures, the relative links (a link into either page of a pair compares without its fragment,
// since anchors are in each page's language; a page's links to itself and to its pair are left
// out), links that do not resolve, and the link to each other above the first `##` heading.
std::vector<Problem> outOfStep(const Translation& pair);

}  // namespace markdown
