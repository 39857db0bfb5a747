// How GitHub reads a page, by its own parser (Debian's libcmark-gfm): the headings and the anchors
// made of them, and the links, read off the syntax tree; HTML's few (`<img src>`, `<a id>`) read
// off its tags. GitHub's anchors are made here: no library makes them.
#include "markdown/markdown.h"

#include <cmark-gfm.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <stdexcept>

namespace markdown {
namespace {

using Tree = std::unique_ptr<cmark_node, decltype(&cmark_node_free)>;

// As GitHub reads a page: CommonMark, and footnotes (a footnote's mark is no link). SOURCEPOS:
// without it, the parser does not count the line breaks inside a code span or an HTML tag, and
// gives every link after one in its paragraph a line too early.
Tree parse(std::string_view text) {
  return {cmark_parse_document(text.data(), text.size(), CMARK_OPT_FOOTNOTES | CMARK_OPT_SOURCEPOS), cmark_node_free};
}

// visit(node) for the root and every node below it, in the order written.
template <typename Visit>
void forEachNode(cmark_node* root, Visit visit) {
  std::unique_ptr<cmark_iter, decltype(&cmark_iter_free)> iter(cmark_iter_new(root), cmark_iter_free);
  for (cmark_event_type event; (event = cmark_iter_next(iter.get())) != CMARK_EVENT_DONE;)
    if (event == CMARK_EVENT_ENTER) visit(cmark_iter_get_node(iter.get()));
}

std::string literal(cmark_node* node) {
  const char* text = cmark_node_get_literal(node);
  return text ? text : "";
}

// A heading's text as GitHub renders it before making its anchor: a link shows its text, code
// its characters, emphasis its words; an image and HTML tags show nothing.
std::string renderedText(cmark_node* node) {
  std::string text;
  for (cmark_node* child = cmark_node_first_child(node); child; child = cmark_node_next(child))
    switch (cmark_node_get_type(child)) {
      case CMARK_NODE_TEXT:
      case CMARK_NODE_CODE: text += literal(child); break;
      case CMARK_NODE_SOFTBREAK:
      case CMARK_NODE_LINEBREAK: text += '\n'; break;
      case CMARK_NODE_IMAGE:
      case CMARK_NODE_HTML_INLINE: break;
      default: text += renderedText(child);
    }
  return text;
}

// ---- HTML in a page: the links of <img src> and <a href>, the anchors of <a id> --------------

// One attribute of an HTML tag, and the line its value is on.
struct Attribute {
  std::string tag, name, value;
  int line;
};

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
std::string lowerCase(std::string text) {
  for (char& c : text) c = char(tolower((unsigned char)c));
  return text;
}

// The attributes of every tag in a piece of HTML, in the order written, each on its line from
// the HTML's first, 0 (comments and closing tags have none).
std::vector<Attribute> attributesIn(std::string_view html) {
  std::vector<Attribute> found;
  auto wordEnd = [&](size_t from) { return std::min(html.find_first_of(" \t\r\n=/<>\"'", from), html.size()); };
  auto skipSpace = [&](size_t from) {
    while (from < html.size() && isSpace(html[from])) ++from;
    return from;
  };
  for (size_t i = html.find('<'); i < html.size(); i = html.find('<', i)) {
    if (html.compare(i, 4, "<!--") == 0) {
      i = html.find("-->", i);
      continue;
    }
    size_t tagEnd = wordEnd(++i);
    std::string tag = lowerCase(std::string(html.substr(i, tagEnd - i)));
    for (i = tagEnd; !tag.empty() && i < html.size() && html[i] != '>' && html[i] != '<';) {
      size_t nameEnd = wordEnd(i);
      if (nameEnd == i) {  // a space, a slash, a stray quote
        ++i;
        continue;
      }
      std::string name = lowerCase(std::string(html.substr(i, nameEnd - i)));
      i = skipSpace(nameEnd);
      if (i == html.size() || html[i] != '=') continue;  // an attribute without a value
      i = skipSpace(i + 1);
      char quote = i < html.size() && (html[i] == '"' || html[i] == '\'') ? html[i++] : 0;
      size_t end = std::min(quote ? html.find(quote, i) : html.find_first_of(" \t\r\n>", i), html.size());
      found.push_back({tag, name, std::string(html.substr(i, end - i)), int(std::count(html.begin(), html.begin() + i, '\n'))});
      i = quote && end < html.size() ? end + 1 : end;
    }
  }
  return found;
}

// ---- What a page promises -----------------------------------------------------------------------

// The attributes of an HTML node's tags, each with its line on the page; none for another node.
std::vector<Attribute> attributesOf(cmark_node* node) {
  cmark_node_type type = cmark_node_get_type(node);
  if (type != CMARK_NODE_HTML_INLINE && type != CMARK_NODE_HTML_BLOCK) return {};
  std::vector<Attribute> found = attributesIn(literal(node));
  for (Attribute& attribute : found) attribute.line += cmark_node_get_start_line(node);
  return found;
}

// Every link and image, in the order written: Markdown's, and HTML's `href` and `src`.
std::vector<Link> linksIn(cmark_node* root) {
  std::vector<Link> links;
  forEachNode(root, [&](cmark_node* node) {
    cmark_node_type type = cmark_node_get_type(node);
    if (type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE)
      links.push_back({cmark_node_get_start_line(node), cmark_node_get_url(node)});
    for (const Attribute& a : attributesOf(node))
      if (a.name == "href" || a.name == "src") links.push_back({a.line, a.value});
  });
  return links;
}

std::vector<Heading> headingsIn(cmark_node* root) {
  std::vector<Heading> headings;
  forEachNode(root, [&](cmark_node* node) {
    if (cmark_node_get_type(node) == CMARK_NODE_HEADING)
      headings.push_back({cmark_node_get_start_line(node), cmark_node_get_heading_level(node), renderedText(node)});
  });
  return headings;
}

// The headings' anchors, GitHub's way (a repeated one gets -1, -2), then those of `<a id>` and
// `<a name>`.
std::vector<std::string> anchorsOf(const std::vector<Heading>& headings, cmark_node* root) {
  std::vector<std::string> anchors;
  std::map<std::string, int> seen;
  for (const Heading& heading : headings) {
    std::string anchor = slug(heading.text);
    int repeats = seen[anchor]++;
    anchors.push_back(repeats ? anchor + "-" + std::to_string(repeats) : anchor);
  }
  forEachNode(root, [&](cmark_node* node) {
    for (const Attribute& a : attributesOf(node))
      if (a.tag == "a" && (a.name == "id" || a.name == "name")) anchors.push_back(a.value);
  });
  return anchors;
}

// The code point of the UTF-8 sequence at text[i], and its length in bytes.
std::pair<char32_t, size_t> codePoint(std::string_view text, size_t i) {
  unsigned char lead = text[i];
  size_t length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
  char32_t point = length == 1 ? lead : lead & (0x3F >> (length - 1));
  for (size_t k = 1; k < length && i + k < text.size(); ++k) point = (point << 6) | (text[i + k] & 0x3F);
  return {point, std::min(length, text.size() - i)};
}

// Punctuation and symbols outside ASCII that GitHub's anchors leave out: Latin-1's signs,
// dashes and quotes, arrows and mathematical signs, CJK and full-width punctuation, emoji.
bool droppedFromAnchor(char32_t c) {
  auto in = [c](char32_t low, char32_t high) { return low <= c && c <= high; };
  return (in(0xA0, 0xBF) && c != 0xB5) || c == 0xD7 || c == 0xF7 || in(0x2000, 0x206F) ||
         in(0x20A0, 0x20CF) || in(0x2190, 0x2BFF) || in(0x3000, 0x303F) || in(0xFE10, 0xFE1F) ||
         in(0xFE30, 0xFE4F) || in(0xFF01, 0xFF0F) || in(0xFF1A, 0xFF20) || in(0xFF3B, 0xFF40) ||
         in(0xFF5B, 0xFF65) || c >= 0x1F000;
}

}  // namespace

std::string slug(std::string_view headingText) {
  std::string out;
  for (size_t i = 0; i < headingText.size();) {
    auto [point, length] = codePoint(headingText, i);
    char c = headingText[i];
    if (point == ' ') out += '-';
    else if (isalnum((unsigned char)c) || c == '-' || c == '_') out += char(tolower((unsigned char)c));
    else if (point >= 0x80 && !droppedFromAnchor(point)) out += headingText.substr(i, length);
    i += length;
  }
  return out;
}

Page parsePage(std::string_view text) {
  Tree tree = parse(text);
  Page page;
  page.headings = headingsIn(tree.get());
  page.links = linksIn(tree.get());
  page.anchors = anchorsOf(page.headings, tree.get());
  return page;
}

std::string readText(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + file.string());
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

Page readPage(const std::filesystem::path& file) { return parsePage(readText(file)); }

}  // namespace markdown
