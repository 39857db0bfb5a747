// A JSON value, written and read: what the judge's --json report is made of
// (report.h builds it) and what its tests read back. Objects keep their keys in
// the order they were set, so a document reads in the order the text report
// does. Numbers are whole (64-bit), as every count and time the judge reports
// is, or real, for a ratio (standing.h).
#pragma once
#include <cmath>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace judge {

class Json {
 public:
  enum class Kind { kNull, kBool, kNumber, kString, kArray, kObject };

  Json() = default;  // null
  Json(bool value) : kind_(Kind::kBool), number_(value) {}
  Json(int value) : kind_(Kind::kNumber), number_(value) {}
  Json(long long value) : kind_(Kind::kNumber), number_(value) {}
  Json(double value) : kind_(Kind::kNumber), number_(wholePart(value)), real_(value), isReal_(true) {}
  Json(const char* value) : kind_(Kind::kString), text_(value) {}
  Json(std::string value) : kind_(Kind::kString), text_(std::move(value)) {}
  static Json array();
  static Json object();

  // An object's member: replaced when the key is there, else added last.
  Json& set(const std::string& key, Json value);
  Json& push(Json value);  // an array's next element

  Kind kind() const { return kind_; }
  bool isNull() const { return kind_ == Kind::kNull; }
  bool boolean() const;
  long long number() const;  // a real number's whole part
  double real() const;        // a whole number as a double
  const std::string& string() const;
  const std::vector<Json>& elements() const;  // an array's
  const std::vector<std::pair<std::string, Json>>& members() const;  // an object's, in order
  bool has(const std::string& key) const;
  // An object's member; throws std::out_of_range when there is none.
  const Json& operator[](const std::string& key) const;
  const Json& operator[](size_t index) const;  // an array's element; throws when out of range

  // The document: two spaces of indent a level, arrays of numbers or strings
  // on one line when short; "\u0001"-style escapes for control characters.
  std::string dump() const;
  // Reads a whole document; throws std::invalid_argument ("at 12: expected ','").
  static Json parse(std::string_view text);

 private:
  void write(std::string& out, int depth) const;
  // A real number's whole part; 0 for one no long long holds (inf, NaN, 1e300), which is
  // written as null (converting it would be undefined behaviour).
  static long long wholePart(double value) {
    return std::isfinite(value) && std::fabs(value) < 9.2e18 ? (long long)value : 0;
  }
  void needs(Kind kind) const;

  Kind kind_ = Kind::kNull;
  long long number_ = 0;
  double real_ = 0;
  bool isReal_ = false;
  std::string text_;
  std::vector<Json> elements_;
  std::vector<std::pair<std::string, Json>> members_;
};

// `text` as a JSON string literal, quotes included.
std::string jsonQuoted(std::string_view text);

}  // namespace judge
