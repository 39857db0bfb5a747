#include "judge/report/json.h"

#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace judge {
namespace {

// A real number in JSON, to 4 significant figures: 1.023, 0.0312, 1.5e+04;
// one that is not finite (no JSON number is) as null.
std::string realText(double value) {
  if (!std::isfinite(value)) return "null";
  char text[32];
  std::snprintf(text, sizeof text, "%.4g", value);
  return text;
}

const char* kindName(Json::Kind kind) {
  switch (kind) {
    case Json::Kind::kNull: return "null";
    case Json::Kind::kBool: return "a boolean";
    case Json::Kind::kNumber: return "a number";
    case Json::Kind::kString: return "a string";
    case Json::Kind::kArray: return "an array";
    case Json::Kind::kObject: return "an object";
  }
  return "?";
}

// A recursive-descent reader of one document (RFC 8259).
class Reader {
 public:
  explicit Reader(std::string_view text) : text_(text) {}

  Json document() {
    Json value = this->value(0);
    skipBlanks();
    if (at_ != text_.size()) fail("text after the document");
    return value;
  }

 private:
  static constexpr int kMaxDepth = 200;

  [[noreturn]] void fail(const std::string& what) const {
    throw std::invalid_argument("at " + std::to_string(at_) + ": " + what);
  }

  void skipBlanks() {
    while (at_ < text_.size() && (text_[at_] == ' ' || text_[at_] == '\n' || text_[at_] == '\t' ||
                                  text_[at_] == '\r'))
      ++at_;
  }

  bool take(char c) {
    skipBlanks();
    if (at_ < text_.size() && text_[at_] == c) return ++at_, true;
    return false;
  }

  void expect(char c) {
    if (!take(c)) fail(std::string("expected '") + c + "'");
  }

  bool word(std::string_view w) {
    if (text_.substr(at_, w.size()) != w) return false;
    at_ += w.size();
    return true;
  }

  Json value(int depth) {
    if (depth > kMaxDepth) fail("nested too deeply");
    skipBlanks();
    if (at_ >= text_.size()) fail("expected a value");
    char c = text_[at_];
    if (c == '{') return object(depth);
    if (c == '[') return array(depth);
    if (c == '"') return Json(string());
    if (word("true")) return Json(true);
    if (word("false")) return Json(false);
    if (word("null")) return Json();
    return number();
  }

  Json object(int depth) {
    Json result = Json::object();
    expect('{');
    if (take('}')) return result;
    do {
      skipBlanks();
      if (at_ >= text_.size() || text_[at_] != '"') fail("expected a key");
      std::string key = string();
      if (result.has(key)) fail("key \"" + key + "\" twice");
      expect(':');
      result.set(key, value(depth + 1));
    } while (take(','));
    expect('}');
    return result;
  }

  Json array(int depth) {
    Json result = Json::array();
    expect('[');
    if (take(']')) return result;
    do result.push(value(depth + 1));
    while (take(','));
    expect(']');
    return result;
  }

  Json number() {
    size_t start = at_;
    if (at_ < text_.size() && text_[at_] == '-') ++at_;
    size_t digits = at_;
    while (at_ < text_.size() && text_[at_] >= '0' && text_[at_] <= '9') ++at_;
    if (at_ == digits || at_ - digits > 18) fail("expected a value (a whole number of at most 18 digits)");
    if (at_ < text_.size() && (text_[at_] == '.' || text_[at_] == 'e' || text_[at_] == 'E')) return real(start);
    return Json(std::stoll(std::string(text_.substr(start, at_ - start))));
  }

  // A number with a fraction or an exponent, from `start`; at_ is after its whole part.
  Json real(size_t start) {
    auto digits = [&] {
      size_t first = at_;
      while (at_ < text_.size() && text_[at_] >= '0' && text_[at_] <= '9') ++at_;
      if (at_ == first) fail("expected a digit");
    };
    if (text_[at_] == '.') ++at_, digits();
    if (at_ < text_.size() && (text_[at_] == 'e' || text_[at_] == 'E')) {
      ++at_;
      if (at_ < text_.size() && (text_[at_] == '+' || text_[at_] == '-')) ++at_;
      digits();
    }
    return Json(std::stod(std::string(text_.substr(start, at_ - start))));
  }

  unsigned hex4() {
    if (at_ + 4 > text_.size()) fail("a short \\u escape");
    unsigned code = 0;
    for (int i = 0; i < 4; ++i) {
      char c = text_[at_++];
      int digit = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
                : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
      if (digit < 0) fail("a bad \\u escape");
      code = code * 16 + unsigned(digit);
    }
    return code;
  }

  static void appendUtf8(std::string& out, unsigned code) {
    if (code < 0x80) {
      out += char(code);
    } else if (code < 0x800) {
      out += char(0xc0 | (code >> 6)), out += char(0x80 | (code & 0x3f));
    } else {
      out += char(0xe0 | (code >> 12)), out += char(0x80 | ((code >> 6) & 0x3f));
      out += char(0x80 | (code & 0x3f));
    }
  }

  std::string string() {
    ++at_;  // the opening quote
    std::string out;
    while (true) {
      if (at_ >= text_.size()) fail("an unterminated string");
      char c = text_[at_++];
      if (c == '"') return out;
      if (static_cast<unsigned char>(c) < 0x20) fail("a control character in a string");
      if (c != '\\') {
        out += c;
        continue;
      }
      if (at_ >= text_.size()) fail("an unterminated string");
      switch (char e = text_[at_++]) {
        case '"': case '\\': case '/': out += e; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': appendUtf8(out, hex4()); break;  // the judge writes no surrogate pairs
        default: fail("a bad escape");
      }
    }
  }

  std::string_view text_;
  size_t at_ = 0;
};

bool isScalar(const Json& value) {
  return value.kind() != Json::Kind::kArray && value.kind() != Json::Kind::kObject;
}

}  // namespace

std::string jsonQuoted(std::string_view text) {
  static const char kHex[] = "0123456789abcdef";
  std::string out = "\"";
  for (char c : text) {
    unsigned char u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') (out += '\\') += c;
    else if (c == '\n') out += "\\n";
    else if (c == '\t') out += "\\t";
    else if (u < 0x20 || u == 0x7f) ((out += "\\u00") += kHex[u >> 4]) += kHex[u & 15];
    else out += c;
  }
  return out + "\"";
}

Json Json::array() {
  Json value;
  value.kind_ = Kind::kArray;
  return value;
}

Json Json::object() {
  Json value;
  value.kind_ = Kind::kObject;
  return value;
}

void Json::needs(Kind kind) const {
  if (kind_ != kind)
    throw std::invalid_argument(std::string("JSON: ") + kindName(kind_) + " where " +
                                kindName(kind) + " was expected");
}

Json& Json::set(const std::string& key, Json value) {
  needs(Kind::kObject);
  for (auto& member : members_)
    if (member.first == key) return member.second = std::move(value), *this;
  members_.emplace_back(key, std::move(value));
  return *this;
}

Json& Json::push(Json value) {
  needs(Kind::kArray);
  elements_.push_back(std::move(value));
  return *this;
}

bool Json::boolean() const { return needs(Kind::kBool), number_ != 0; }
long long Json::number() const { return needs(Kind::kNumber), number_; }
double Json::real() const { return needs(Kind::kNumber), isReal_ ? real_ : double(number_); }
const std::string& Json::string() const { return needs(Kind::kString), text_; }
const std::vector<Json>& Json::elements() const { return needs(Kind::kArray), elements_; }
const std::vector<std::pair<std::string, Json>>& Json::members() const {
  return needs(Kind::kObject), members_;
}

bool Json::has(const std::string& key) const {
  for (const auto& member : members()) if (member.first == key) return true;
  return false;
}

const Json& Json::operator[](const std::string& key) const {
  for (const auto& member : members()) if (member.first == key) return member.second;
  throw std::out_of_range("JSON: no key \"" + key + "\"");
}

const Json& Json::operator[](size_t index) const {
  if (index >= elements().size()) throw std::out_of_range("JSON: no element " + std::to_string(index));
  return elements_[index];
}

void Json::write(std::string& out, int depth) const {
  std::string indent(2 * (depth + 1), ' '), close(2 * depth, ' ');
  switch (kind_) {
    case Kind::kNull: out += "null"; return;
    case Kind::kBool: out += number_ ? "true" : "false"; return;
    case Kind::kNumber: out += isReal_ ? realText(real_) : std::to_string(number_); return;
    case Kind::kString: out += jsonQuoted(text_); return;
    case Kind::kArray: {
      bool flat = true;
      for (const Json& e : elements_) flat &= isScalar(e);
      if (elements_.empty() || (flat && elements_.size() <= 32)) {
        out += '[';
        for (size_t i = 0; i < elements_.size(); ++i) (i ? out += ", " : out), elements_[i].write(out, depth + 1);
        out += ']';
        return;
      }
      out += "[\n";
      for (size_t i = 0; i < elements_.size(); ++i) {
        out += indent;
        elements_[i].write(out, depth + 1);
        out += i + 1 < elements_.size() ? ",\n" : "\n";
      }
      out += close + "]";
      return;
    }
    case Kind::kObject: {
      if (members_.empty()) return void(out += "{}");
      out += "{\n";
      for (size_t i = 0; i < members_.size(); ++i) {
        out += indent + jsonQuoted(members_[i].first) + ": ";
        members_[i].second.write(out, depth + 1);
        out += i + 1 < members_.size() ? ",\n" : "\n";
      }
      out += close + "}";
      return;
    }
  }
}

std::string Json::dump() const {
  std::string out;
  write(out, 0);
  return out + "\n";
}

Json Json::parse(std::string_view text) { return Reader(text).document(); }

}  // namespace judge
