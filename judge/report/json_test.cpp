// The JSON value: written as the report prints it, read back as its tests
// read it, and bad documents refused with where and why.
#include "judge/report/json.h"

#include <gtest/gtest.h>

#include <cmath>

namespace judge {
namespace {

TEST(Json, WritesMembersInTheOrderSetAndReadsThemBack) {
  Json doc = Json::object()
                 .set("file", "a \"b\"\\c.cpp")
                 .set("passed", 12)
                 .set("big", 1234567890123LL)
                 .set("ok", false)
                 .set("none", Json())
                 .set("sets", Json::array().push(Json::object().set("set", "x")).push(Json::array()));
  doc.set("passed", 13);  // replaced in place, not added
  std::string text = doc.dump();
  EXPECT_LT(text.find("\"file\""), text.find("\"passed\""));
  Json back = Json::parse(text);
  EXPECT_EQ(back.members().size(), 6u);
  EXPECT_EQ(back["file"].string(), "a \"b\"\\c.cpp");
  EXPECT_EQ(back["passed"].number(), 13);
  EXPECT_EQ(back["big"].number(), 1234567890123LL);
  EXPECT_FALSE(back["ok"].boolean());
  EXPECT_TRUE(back["none"].isNull());
  EXPECT_EQ(back["sets"][0]["set"].string(), "x");
  EXPECT_TRUE(back["sets"][1].elements().empty());
  EXPECT_EQ(Json::parse(back.dump()).dump(), text);
}

TEST(Json, EscapesControlCharactersAndKeepsUtf8) {
  std::string text = "line\nnext\ttab \x01 \x7f caf\xc3\xa9";
  EXPECT_EQ(jsonQuoted(text), "\"line\\nnext\\ttab \\u0001 \\u007f caf\xc3\xa9\"");
  EXPECT_EQ(Json::parse(jsonQuoted(text)).string(), text);
  EXPECT_EQ(Json::parse(R"("\u00e9\/\b\f\r")").string(), "\xc3\xa9/\b\f\r");
}

TEST(Json, RefusesBadDocumentsSayingWhere) {
  for (const char* bad : {"", "{", "[1,]", "{\"a\" 1}", "{\"a\":1,\"a\":2}", "\"open", "tru",
                          "1.", "1e", "1.5e+", "[1] 2", "\"\x01\"", "\"\\x\"", "12345678901234567890"})
    EXPECT_THROW(Json::parse(bad), std::invalid_argument) << bad;
  try {
    Json::parse("[1, 2 3]");
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "at 6: expected ']'");
  }
  EXPECT_THROW(Json::parse(std::string(1000, '[') + std::string(1000, ']')), std::invalid_argument);
}

// The standing's ratios (standing.h) are the only real numbers: 4 figures.
TEST(Json, WritesRealNumbersToFourFiguresAndReadsThemBack) {
  Json doc = Json::object().set("ratio", 1.023456).set("small", 0.0003125).set("whole", 3);
  EXPECT_NE(doc.dump().find("\"ratio\": 1.023,"), std::string::npos) << doc.dump();
  Json back = Json::parse(doc.dump());
  EXPECT_DOUBLE_EQ(back["ratio"].real(), 1.023);
  EXPECT_DOUBLE_EQ(back["small"].real(), 0.0003125);
  EXPECT_DOUBLE_EQ(back["whole"].real(), 3);
  EXPECT_DOUBLE_EQ(Json::parse("-2.5e-3").real(), -0.0025);
  EXPECT_TRUE(Json::parse(Json(1.0 / 0.0).dump()).isNull());
  // No long long holds these: their whole part is 0, not undefined behaviour (UBSan under clang).
  EXPECT_EQ(Json(1.0 / 0.0).number(), 0);
  EXPECT_EQ(Json(std::nan("")).number(), 0);
  EXPECT_EQ(Json(-1e300).number(), 0);
  EXPECT_EQ(Json(-2.75).number(), -2);
}

TEST(Json, AskingTheWrongKindOrAMissingKeyThrows) {
  Json doc = Json::parse(R"({"a": [1], "s": "x"})");
  EXPECT_THROW(doc["a"].string(), std::invalid_argument);
  EXPECT_THROW(doc["missing"], std::out_of_range);
  EXPECT_THROW(doc["a"][1], std::out_of_range);
  EXPECT_THROW(doc["s"].number(), std::invalid_argument);
}

}  // namespace
}  // namespace judge
