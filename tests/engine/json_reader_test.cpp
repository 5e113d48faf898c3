// The JSON reader for the page's history entries: what it accepts, what it refuses.
#include <doctest/doctest.h>

#include "engine/json_reader.h"

using nard::parseJson;

TEST_CASE("json reader: an entry's members, arrays, numbers and strings") {
  std::string why;
  auto v = parseJson(R"( {"id":"m-1","score":[7, 3],"pr":[5.25,null],"finished":true,"n":-1e2,
                          "name":"Ann \"A\" \u00e9\ud83d\ude00","nested":{"a":[]}} )", &why);
  REQUIRE_MESSAGE(v, why);
  CHECK(v->isObject());
  CHECK(v->stringOr("id") == "m-1");
  CHECK(v->member("score")->at(0)->asInt() == 7);
  CHECK(v->member("score")->at(1)->asInt() == 3);
  CHECK(v->member("score")->at(2) == nullptr);
  CHECK(v->member("pr")->at(0)->asNumber() == doctest::Approx(5.25));
  CHECK(v->member("pr")->at(0)->asInt(-9) == -9);   // not a whole number
  CHECK(v->member("pr")->at(1)->isNull());
  CHECK(v->member("finished")->asBool());
  CHECK(v->member("n")->asInt() == -100);
  CHECK(v->stringOr("name") == "Ann \"A\" \xC3\xA9\xF0\x9F\x98\x80");
  CHECK(v->member("nested")->member("a")->items().empty());
  CHECK(v->member("missing") == nullptr);
  CHECK(v->stringOr("score", "fallback") == "fallback");
  CHECK(v->member("id")->member("x") == nullptr);   // not an object
}

TEST_CASE("json reader: refuses what is not JSON, with where and why") {
  for (const char* bad : {"", "{", "[1,]", "{\"a\" 1}", "{'a':1}", "01", "1.", "-", "tru", "\"\\x\"",
                          "\"\\ud800\"", "\"a\nb\"", "[1] 2", "{\"a\":1,}", "1e999", "nul"}) {
    std::string why;
    CHECK_MESSAGE(!parseJson(bad, &why), bad);
    CHECK_MESSAGE(why.rfind("offset ", 0) == 0, bad);
  }
  std::string deep(1000, '[');
  std::string why;
  CHECK(!parseJson(deep, &why));
  CHECK(why.find("nested too deeply") != std::string::npos);
}
